# maze32 host side (CPython only): command line, reports, and the desktop twin of the generator.
__version__ = "0.1.0"
