# The one error type of the command line: caught once in cli.main, printed as one line.


class CliError(Exception):
    def __init__(self, message, code=2):
        Exception.__init__(self, message)
        self.code = code
