# stdout as a command may find it: closed (`>&-`: sys.stdout is None), full (/dev/full: every write or
# flush an OSError), in an encoding that cannot spell a file name (PYTHONIOENCODING=ascii). guarded()
# installs a stand-in for the command's run that turns each of those into StdoutError (one line for
# cli.main), names unencodable characters with backslash escapes instead of failing, and leaves a
# reader gone away (BrokenPipeError) to main's quiet 141 as before.
import contextlib
import os
import sys


class StdoutError(Exception):
    # stdout cannot take the output; str() says why.
    pass


class Guarded:
    # Delegates to `stream` (None: stdout is closed); write and flush fail as StdoutError, and the
    # binary layer (.buffer, which files.write_output uses for "-") is guarded the same way.
    def __init__(self, stream):
        self._stream = stream

    def _fail(self, e):
        raise StdoutError("cannot write to stdout: %s" % (os.strerror(e.errno) if e.errno else e)) from None

    def write(self, data):
        if self._stream is None:
            raise StdoutError("cannot write to stdout: it is closed")
        try:
            return self._stream.write(data)
        except BrokenPipeError:
            raise
        except OSError as e:
            self._fail(e)

    def flush(self):
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as e:
            self._fail(e)

    def isatty(self):
        return self._stream is not None and self._stream.isatty()

    @property
    def encoding(self):
        return "utf-8" if self._stream is None else self._stream.encoding

    @property
    def buffer(self):
        return Guarded(None if self._stream is None else self._stream.buffer)

    def __getattr__(self, name):
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded():
    # sys.stdout is the Guarded stand-in for the duration; what it wraps is restored after.
    real = sys.stdout
    if real is not None and getattr(real, "errors", None) == "strict" and hasattr(real, "reconfigure"):
        real.reconfigure(errors="backslashreplace")     # a name the encoding cannot spell: escaped
    sys.stdout = Guarded(real)
    try:
        yield
    finally:
        sys.stdout = real


def silence():
    # After stdout failed: point fd 1 at /dev/null, so that the interpreter's last flush of what is
    # still buffered cannot fail again (a second message, exit status 120).
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    except OSError:
        pass
