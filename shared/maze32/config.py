# Generator configuration: defaults and limits of SPEC section 3, checked once, before any work.
# Everything here runs outside generate/validate, so it may allocate and raise.
from maze32.grid import MIN_SIDE, MAX_SIDE, MAX_CELLS

MAX_PAIRS = 8       # landmark pairs and artifact pairs each; fixes the size of the placement arrays
MAX_ATTEMPTS = 255

# Order of the fields in reports, JSON and level codes.
FIELDS = ("width", "height", "seams", "cycles", "view_radius", "min_exit_separation",
          "landmark_pairs", "artifact_pairs", "max_attempts")


def default_exit_separation(width, height):
    # 22 at 32 x 32, scaled with the half-perimeter so every size gets a proportionate demand.
    return 22 * (width + height) // 64


def closed_walls_in_half(width, height):
    # Walls between two cells of half A (a W x H/2 grid) that its spanning tree leaves closed.
    h = height // 2
    return width * (h - 1) + (width - 1) * h - (width * h - 1)


class Config:
    def __init__(self, width=32, height=32, seams=2, cycles=8, view_radius=3,
                 min_exit_separation=None, landmark_pairs=2, artifact_pairs=1, max_attempts=16):
        self.width = _int("width", width)
        self.height = _int("height", height)
        _check_size(self.width, self.height)
        self.seams = _int("seams", seams)
        self.cycles = _int("cycles", cycles)
        self.view_radius = _int("view_radius", view_radius)
        if min_exit_separation is None:
            min_exit_separation = default_exit_separation(self.width, self.height)
        self.min_exit_separation = _int("min_exit_separation", min_exit_separation)
        self.landmark_pairs = _int("landmark_pairs", landmark_pairs)
        self.artifact_pairs = _int("artifact_pairs", artifact_pairs)
        self.max_attempts = _int("max_attempts", max_attempts)
        self._check()

    def _check(self):
        w = self.width
        h = self.height
        # Half crossings must be >= 2 (SPEC 3.5), and seam columns are distinct columns of the left half.
        _range("seams", self.seams, 1, w // 2)
        # Cyclomatic number 2*seams + 2*cycles - 1 >= 1 holds with seams >= 1; cycles need closed walls.
        _range("cycles", self.cycles, 0, closed_walls_in_half(w, h))
        # A key must fit outside the start's view: the far side is at Chebyshev distance >= min(W, H) - 1.
        _range("view_radius", self.view_radius, 0, min(w, h) - 2)
        _range("min_exit_separation", self.min_exit_separation, 1, w + h - 2)
        _range("landmark_pairs", self.landmark_pairs, 0, MAX_PAIRS)
        _range("artifact_pairs", self.artifact_pairs, 0, MAX_PAIRS)
        _range("max_attempts", self.max_attempts, 1, MAX_ATTEMPTS)
        # Objects occupy at most half the cells, so random placement always has room.
        objects = 2 * (4 + self.landmark_pairs + self.artifact_pairs)
        if objects > w * h // 2:
            raise ValueError("landmark_pairs/artifact_pairs: %d objects do not fit a %dx%d maze"
                             % (objects, w, h))

    def slots(self):
        # Placement slots: start, exit, key, compass, then the landmark and artifact pairs.
        return 4 + self.landmark_pairs + self.artifact_pairs

    def as_dict(self):
        d = {}
        for name in FIELDS:
            d[name] = getattr(self, name)
        return d


def config_from_dict(d):
    # Rebuild a Config from the `config` object of a maze32/1 file; unknown keys are an error.
    for name in d:
        if name not in FIELDS:
            raise ValueError("config: unknown setting %r" % (name,))
    kw = {}
    for name in FIELDS:
        if name in d:
            kw[name] = d[name]
    return Config(**kw)


def _int(name, value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("%s: must be an integer, got %r" % (name, value))
    return value


def _range(name, value, lo, hi):
    if value < lo or value > hi:
        raise ValueError("%s: must be in %d..%d for this size, got %d" % (name, lo, hi, value))


def _check_size(w, h):
    if w < MIN_SIDE or w > MAX_SIDE or h < MIN_SIDE or h > MAX_SIDE:
        raise ValueError("size: width and height must be %d..%d, got %dx%d" % (MIN_SIDE, MAX_SIDE, w, h))
    if w % 2 or h % 2:
        raise ValueError("size: width and height must be even, got %dx%d" % (w, h))
    if w * h > MAX_CELLS:
        raise ValueError("size: at most %d cells, got %dx%d = %d" % (MAX_CELLS, w, h, w * h))
