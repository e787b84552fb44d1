"""Hostile files: `maze32 check` against a corpus of more than 1,000 files made here from real exports
by systematic mutation (wrong types, missing and unknown keys, huge integers, deep nesting, NaN and
Infinity, wrong sizes, lying checks, metrics, attempts and seeds, truncation, binary garbage, huge
files), and `validate --code` against mutated level codes.

Every case knows its truth: 0 for a file whose every claim is true (an export, reformatted, or with
optional fields left out), 1 for a readable file that lies or breaks a rule, 2 for one that is not a
maze32/1 file at all. Each must get exactly that exit status, one `maze32: ` line on stderr for 2,
never a traceback, and no lying file may be accepted. Most run in-process through cli.main; a sample
goes through the installed console script too.
"""
import copy
import json
import random
import time

import pytest

from host import files, twin
from host.cli import main
from maze32 import CHECK_NAMES, Config, levelcode
from support import maze32

MIB = 1 << 20

# (label, seed, size, settings): real exports the corpus is made from.
BASES = [("32x32", 7, (32, 32), {}),
         ("12x20", 11, (12, 20), {}),
         ("16x16-settings", 5, (16, 16), {"cycles": 3, "landmark_pairs": 0, "artifact_pairs": 2,
                                          "view_radius": 2, "max_attempts": 20})]
FIGURES = {}            # what the summary test prints for the notes


def export(seed, size, settings):
    result = twin.build(seed, twin.make_config(size, settings))
    assert result.ok
    return result.document()


def retried_8x8():
    # An 8x8 export whose seed needed more than one attempt (attempts and candidate seed both matter).
    for seed in range(200):
        doc = export(seed, (8, 8), {})
        if doc["attempts"] > 1:
            return seed, doc
    raise AssertionError("no retried 8x8 seed below 200")


def dumps(doc, **kw):
    return json.dumps(doc, **kw).encode()


# -- the corpus: (name, bytes, expected exit statuses) --------------------------------------------
class Corpus:
    def __init__(self):
        self.cases = []

    def add(self, name, data, expected):
        if isinstance(data, (dict, list, str, int, float)) or data is None:
            data = dumps(data)
        self.cases.append((name, data, {expected} if isinstance(expected, int) else set(expected)))

    def mutated(self, name, doc, mutate, expected):
        d = copy.deepcopy(doc)
        mutate(d)
        self.add(name, d, expected)


def leaves(value, path=()):
    # Every (path, leaf) of a JSON value.
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, path + (i,))
    else:
        yield path, value


def put(d, path, value):
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value


def drop(d, path):
    for k in path[:-1]:
        d = d[k]
    del d[path[-1]]


def nested(depth, inner=0):
    v = inner
    for _ in range(depth):
        v = [v]
    return v


def seed_makes(doc, config):
    # Truth of a changed config, independent of `check`: does the recorded seed, generated under
    # `config`, make exactly the recorded maze with the recorded attempts and candidate seed?
    try:
        cfg = Config(**config)
    except (ValueError, TypeError):
        return None
    result = twin.build(doc["requested_seed"], cfg)
    if not result.ok:
        return False
    made = result.document()
    return all(made[k] == doc[k] for k in ("cells", "placements", "attempts", "candidate_seed", "hash"))


HOSTILE_VALUES = [("null", None), ("true", True), ("zero", 0), ("minus-one", -1), ("float", 1.5),
                  ("string", "x"), ("list", []), ("object", {}), ("deep-list", nested(40)),
                  ("big-int", 10 ** 20)]


def expected_for_top_level(key, value, doc):
    # The truth of a document whose top-level `key` became `value` (a hostile value of another type).
    if isinstance(value, type(doc[key])) and value == doc[key] and type(value) is type(doc[key]):
        return 0
    if key == "checks" and value == {}:
        return 0                                   # claims nothing
    if key == "config" and value == {}:            # every setting the default for the document's size
        return 0 if seed_makes(doc, {"width": doc["width"], "height": doc["height"]}) else 1
    if key == "metrics" and value == {}:
        return 1                                   # claims metrics that are all missing
    if key in ("requested_seed", "candidate_seed") and isinstance(value, int) \
            and not isinstance(value, bool) and 0 <= value <= 0xFFFFFFFF:
        return 1                                   # in range, but it makes another maze
    if key == "attempts" and isinstance(value, int) and not isinstance(value, bool) \
            and 1 <= value <= doc["config"]["max_attempts"]:
        return 1
    if key == "hash" and isinstance(value, str):
        return 1
    if key in ("width", "height") and value == 10 ** 20:
        return 2                                   # contradicts config.width
    return 2


def maze_cases(corpus, label, doc):
    add = corpus.add
    mutated = corpus.mutated
    # truthful: the export itself, reformatted, and with optional claims left out
    add(label + "/as-exported", (json.dumps(doc, indent=1) + "\n").encode(), 0)
    add(label + "/compact", dumps(doc, separators=(",", ":")), 0)
    add(label + "/indent-8-sorted", dumps(doc, indent=8, sort_keys=True), 0)
    add(label + "/keys-reversed", dict(reversed(list(doc.items()))), 0)
    add(label + "/crlf", json.dumps(doc, indent=2).replace("\n", "\r\n").encode(), 0)
    add(label + "/escaped-format", dumps(doc).replace(b'"maze32/1"', b'"maze32\\u002f1"'), 0)
    add(label + "/padded-3MiB", dumps(doc) + b" " * (3 * MIB), 0)
    for keys in (("metrics",), ("checks",), ("metrics", "checks"),
                 ("requested_seed", "candidate_seed", "attempts"), ("candidate_seed",), ("attempts",),
                 ("candidate_seed", "attempts"),
                 ("requested_seed", "candidate_seed", "attempts", "metrics", "checks")):
        mutated(label + "/without-" + "+".join(keys), doc, lambda d: [d.pop(k) for k in keys], 0)
    mutated(label + "/checks-without-seed", doc, lambda d: d["checks"].pop("seed"), 0)
    mutated(label + "/checks-only-three", doc,
            lambda d: d.__setitem__("checks", dict(list(d["checks"].items())[:3])), 0)
    mutated(label + "/config-without-size", doc, lambda d: [d["config"].pop("width"), d["config"].pop("height")], 0)
    defaults = Config(width=doc["width"], height=doc["height"]).as_dict()
    for k, v in doc["config"].items():
        if k not in ("width", "height"):
            truth = 0 if defaults[k] == v else (0 if seed_makes(doc, dict(doc["config"], **{k: defaults[k]})) else 1)
            mutated(label + "/config-without-" + k, doc, lambda d, k=k: d["config"].pop(k), truth)
    # seeds recorded without the requested seed they come from: nothing can reproduce them
    mutated(label + "/only-candidate", doc, lambda d: d.pop("requested_seed"), 2)
    mutated(label + "/only-attempts", doc, lambda d: [d.pop("requested_seed"), d.pop("candidate_seed")], 2)

    # lying checks
    for name in doc["checks"]:
        mutated(label + "/checks-flip-" + name, doc, lambda d, n=name: d["checks"].__setitem__(n, not d["checks"][n]), 1)
    mutated(label + "/checks-all-false", doc, lambda d: d.__setitem__("checks", dict((n, False) for n in CHECK_NAMES)), 1)
    mutated(label + "/checks-unknown", doc, lambda d: d["checks"].__setitem__("teleport", True), 2)
    mutated(label + "/checks-not-bool", doc, lambda d: d["checks"].__setitem__("border", 1), 2)
    # lying metrics: every leaf changed, retyped, removed; keys added
    for path, value in leaves(doc["metrics"]):
        where = "/metrics-" + ".".join(map(str, path))
        mutated(label + where + "+1", doc, lambda d, p=path, v=value: put(d["metrics"], p, v + 1), 1)
        retyped = (value == 1) if value in (0, 1) else float(value)
        mutated(label + where + "-retyped", doc, lambda d, p=path, r=retyped: put(d["metrics"], p, r), 1)
        if len(path) == 1 or path[-1] == "solution":
            mutated(label + where + "-missing", doc, lambda d, p=path: drop(d["metrics"], p), 1)
    mutated(label + "/metrics-extra", doc, lambda d: d["metrics"].__setitem__("treasure", 1), 1)
    mutated(label + "/metrics-extra-player", doc, lambda d: d["metrics"]["players"].append({}), 1)
    mutated(label + "/metrics-string", doc, lambda d: d.__setitem__("metrics", "fine"), 2)
    # lying seeds and attempts
    top = doc["config"]["max_attempts"]
    for k, delta in (("requested_seed", 1), ("requested_seed", -1), ("candidate_seed", 1), ("candidate_seed", -1)):
        if 0 <= doc[k] + delta <= 0xFFFFFFFF:
            mutated("%s/%s%+d" % (label, k, delta), doc, lambda d, k=k, x=delta: d.__setitem__(k, d[k] + x), 1)
    if doc["requested_seed"] != doc["candidate_seed"]:
        mutated(label + "/seeds-swapped", doc, lambda d: d.update(requested_seed=d["candidate_seed"],
                                                                  candidate_seed=d["requested_seed"]), 1)
    for a in sorted({1, 2, doc["attempts"] - 1, doc["attempts"] + 1, top} - {doc["attempts"]}):
        if 1 <= a <= top:
            mutated("%s/attempts=%d" % (label, a), doc, lambda d, a=a: d.__setitem__("attempts", a), 1)
    for a in (0, -5, top + 1, 256, 2 ** 31):
        mutated("%s/attempts=%d" % (label, a), doc, lambda d, a=a: d.__setitem__("attempts", a), 2)
    for s in (-1, 2 ** 32, 2 ** 40):
        mutated("%s/requested_seed=%d" % (label, s), doc, lambda d, s=s: d.__setitem__("requested_seed", s), 2)
    # lying hash
    for name, h in (("zeros", "0" * 64), ("upper", doc["hash"].upper()), ("short", doc["hash"][:63]), ("empty", ""),
                    ("brackets", "[" * 100000)):
        mutated(label + "/hash-" + name, doc, lambda d, h=h: d.__setitem__("hash", h), 1)
    # another maze in the same file: cells changed, with and without a matching hash
    rng = random.Random(doc["hash"])
    w, h = doc["width"], doc["height"]
    for i in range(10):
        x, y, bit = rng.randrange(w), rng.randrange(h), 1 << rng.randrange(4)

        def flip(d, x=x, y=y, bit=bit):
            d["cells"][y][x] ^= bit
        mutated("%s/cell-%d-%d-bit%d" % (label, x, y, bit), doc, flip, 1)
        if i < 4:
            def flip_rehashed(d, flip=flip):
                flip(d)
                d["hash"] = rehash(d)
            mutated("%s/cell-%d-%d-bit%d-rehashed" % (label, x, y, bit), doc, flip_rehashed, 1)

            def flip_bare(d, flip=flip):
                flip(d)
                for k in ("requested_seed", "candidate_seed", "attempts", "metrics", "checks"):
                    d.pop(k)
                d["hash"] = rehash(d)
            mutated("%s/cell-%d-%d-bit%d-bare" % (label, x, y, bit), doc, flip_bare, 1)
    # placements moved
    mutated(label + "/starts-swapped", doc, lambda d: d["placements"]["start"].reverse(), 1)
    mutated(label + "/key-on-exit", doc, lambda d: d["placements"]["key"].__setitem__(0, list(d["placements"]["exit"][0])), 1)
    mutated(label + "/key-off-grid", doc, lambda d: d["placements"]["key"].__setitem__(0, [w, 0]), 1)
    mutated(label + "/key-huge", doc, lambda d: d["placements"]["key"].__setitem__(0, [10 ** 20, -10 ** 20]), 1)
    mutated(label + "/key-float", doc, lambda d: d["placements"]["key"].__setitem__(0, [1.0, 2.0]), 2)
    mutated(label + "/key-missing", doc, lambda d: d["placements"].pop("key"), 2)
    mutated(label + "/placements-unknown", doc, lambda d: d["placements"].__setitem__("treasure", [[0, 0], [1, 1]]), 2)
    mutated(label + "/landmarks-9", doc, lambda d: d["placements"].__setitem__("landmarks", [[[0, 0], [1, 1]]] * 9), 2)
    mutated(label + "/landmark-extra", doc, lambda d: d["placements"]["landmarks"].append([[0, 0], [w - 1, h - 1]]), 1)
    # cells of the wrong shape or type
    mutated(label + "/cells-row-missing", doc, lambda d: d["cells"].pop(), 2)
    mutated(label + "/cells-row-extra", doc, lambda d: d["cells"].append(list(d["cells"][0])), 2)
    mutated(label + "/cells-short-row", doc, lambda d: d["cells"][1].pop(), 2)
    for name, v in (("16", 16), ("minus", -1), ("true", True), ("string", "1"), ("float", 1.0), ("null", None),
                    ("huge", 10 ** 20), ("deep", nested(20))):
        mutated(label + "/cell-" + name, doc, lambda d, v=v: d["cells"][0].__setitem__(0, v), 2)
    # config
    for k, v in doc["config"].items():
        for name, new in (("+1", v + 1), ("-1", v - 1), ("true", True), ("string", str(v)), ("null", None)):
            if isinstance(new, bool) or not isinstance(new, int):
                truth = 2
            elif k in ("width", "height"):
                truth = 2                      # contradicts the document's width or height
            elif k == "max_attempts" and new < doc["attempts"]:
                truth = 2                      # the recorded attempts are out of range then
            else:
                made = seed_makes(doc, dict(doc["config"], **{k: new}))
                truth = 2 if made is None else 0 if made else 1
            mutated("%s/config-%s%s" % (label, k, name), doc, lambda d, k=k, n=new: d["config"].__setitem__(k, n), truth)
    mutated(label + "/config-unknown", doc, lambda d: d["config"].__setitem__("colour", 3), 2)
    # sizes: invalid sizes are the dimensions check's verdict when the document agrees with itself
    for W, H, truth in ((9, 8, 1), (34, 34, 1), (6, 6, 1), (0, 0, 1), (-4, 8, 1), (2 ** 40, 8, 1), (32, 34, 1)):
        def resize(d, W=W, H=H):
            d["width"] = d["config"]["width"] = W
            d["height"] = d["config"]["height"] = H
            if 1 <= W <= 32 and 1 <= H <= 32:
                d["cells"] = [[0] * W for _ in range(H)]     # cells of the size it claims
        mutated("%s/size-%dx%d" % (label, W, H), doc, resize, truth)
    mutated(label + "/width-alone", doc, lambda d: d.__setitem__("width", d["width"] + 2), 2)
    # every top-level key: missing, hostile values, unknown keys
    required = ("format", "width", "height", "config", "cells", "placements", "hash")
    for k in doc:
        if k in required:
            mutated(label + "/missing-" + k, doc, lambda d, k=k: d.pop(k), 2)
        for name, v in HOSTILE_VALUES:
            mutated("%s/%s=%s" % (label, k, name), doc, lambda d, k=k, v=v: d.__setitem__(k, copy.deepcopy(v)),
                    expected_for_top_level(k, v, doc))
    mutated(label + "/unknown-field", doc, lambda d: d.__setitem__("comment", "x" * 10000), 2)
    mutated(label + "/format-other", doc, lambda d: d.__setitem__("format", "maze32/2"), 2)
    mutated(label + "/format-surrogate", doc, lambda d: d.__setitem__("format", "\ud800"), 2)
    mutated(label + "/format-3MiB", doc, lambda d: d.__setitem__("format", "x" * (3 * MIB)), 2)
    mutated(label + "/cells-500k", doc, lambda d: d.__setitem__("cells", [0] * 500000), 2)
    # bytes that are not a document: truncated, spliced, non-finite numbers, huge numbers, duplicates
    text = dumps(doc)
    for frac in (0, 0.001, 0.1, 0.5, 0.9, 0.999):
        add("%s/truncated-%g" % (label, frac), text[:int(len(text) * frac)] if frac else text[:1], 2)
    add(label + "/missing-last-brace", text[:-1], 2)
    add(label + "/trailing-garbage", text + b"}", 2)
    add(label + "/two-documents", text + b"\n" + text, 2)
    for token in (b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-1e999", b"1" * 30, b"9" * 5000,
                  b"9" * 100000, b"1." + b"0" * 100, b"0x10", b"01"):
        add("%s/attempts-%s" % (label, token[:12].decode()), text.replace(b'"attempts": %d' % doc["attempts"],
                                                                        b'"attempts": ' + token), 2)
        add("%s/cell-%s" % (label, token[:12].decode()), text.replace(b'"cells": [[', b'"cells": [[' + token + b", ", 1), 2)
    add(label + "/duplicate-hash", text.replace(b'"hash": ', b'"hash": "' + b"0" * 64 + b'", "hash": '), 2)
    add(label + "/duplicate-config-key", text.replace(b'"seams": ', b'"seams": 1, "seams": '), 2)
    for depth in (33, 100, 1000, 100000):
        add("%s/metrics-nested-%d" % (label, depth), text.replace(b'"metrics": ', b'"metrics": ' + b"[" * depth + b"]" * depth + b', "x": ', 1), 2)
    add(label + "/depth-3.9MiB", text.replace(b'"metrics": ', b'"metrics": ' + b"[" * int(3.9 * MIB), 1), 2)
    add(label + "/objects-nested-1000", text.replace(b'"metrics": ', b'"metrics": ' + b'{"a":' * 1000 + b"1" + b"}" * 1000 + b', "x": ', 1), 2)
    add(label + "/escaped-quotes-unterminated", text[:100] + b'"' + b'\\"' * 200000, 2)
    add(label + "/bom", b"\xef\xbb\xbf" + text, 2)
    add(label + "/utf16", json.dumps(doc).encode("utf-16"), 2)
    add(label + "/latin1-in-string", text.replace(b'"maze32/1"', b'"maze32/1\xe9"'), 2)
    add(label + "/nul-inside", text[:50] + b"\0" + text[50:], 2)
    add(label + "/padded-5MiB", text + b" " * (5 * MIB), 2)


def rehash(d):
    # The hash of a document's maze, as check would compute it (the recorded hash made to agree).
    from maze32.codec import from_dict
    from maze32 import Workspace, maze_hash
    _, maze, _ = from_dict(d)
    return maze_hash(maze, Workspace())


def garbage_cases(corpus):
    rng = random.Random(13)
    for n in (1, 2, 16, 100, 4096, 65536):
        corpus.add("garbage/random-%d" % n, bytes(rng.randrange(256) for _ in range(n)), 2)
    for name, data in (("empty", b""), ("whitespace", b" \n\t "), ("nul", b"\0" * 100), ("null", b"null"),
                       ("true", b"true"), ("number", b"42"), ("string", b'"maze32/1"'), ("list", b"[]"),
                       ("object", b"{}"), ("format-only", b'{"format": "maze32/1"}'),
                       ("nan", b"NaN"), ("deep-array", b"[" * 100000 + b"]" * 100000),
                       ("deep-unclosed", b"[" * 2000000), ("deep-object", b'{"a":' * 50000),
                       ("huge-int", b"9" * 1000000), ("huge-string", b'"' + b"a" * (3 * MIB) + b'"'),
                       ("many-empty-strings", b'""' * MIB), ("many-lists", b"[" + b"[]," * MIB + b"[]]"),
                       ("zeros-6MiB", b"0" * (6 * MIB)), ("elf", b"\x7fELF\x02\x01\x01" + b"\0" * 100),
                       ("png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)))):
        corpus.add("garbage/" + name, data, 2)


def code_cases():
    # (name, code, expected exit statuses) for validate --code.
    cases = []
    rng = random.Random(5)
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    for seed, size in ((7, (32, 32)), (3, (8, 8)), (4294967295, (12, 20))):
        result = twin.build(seed, twin.make_config(size, {}))
        code = levelcode.encode(size[0], size[1], seed, result.hash())
        plain = code.replace("-", "")
        cases += [("code/%s" % code, code, {0}), ("code/%s-lower" % code, code.lower(), {0}),
                  ("code/%s-plain" % code, plain, {0}), ("code/%s-spaced" % code, " ".join(plain), {0}),
                  ("code/%s-aliases" % code, code.replace("0", "O").replace("1", "I"), {0})]
        for i in range(len(plain)):
            for _ in range(2):
                other = rng.choice(alphabet.replace(plain[i], ""))
                cases.append(("code/%s-at%d-%s" % (code, i, other), plain[:i] + other + plain[i + 1:], {1, 2}))
        cases += [("code/%s-short" % code, plain[:-1], {2}), ("code/%s-long" % code, plain + "0", {2}),
                  ("code/%s-U" % code, "U" + plain[1:], {2}), ("code/%s-star" % code, plain[:-1] + "*", {2})]
    for name, code in (("empty", ""), ("blank", "   "), ("dashes", "-" * 13), ("zeros", "0" * 13), ("top", "Z" * 13),
                       ("huge", "0" * 100000), ("unicode", "ß" * 13), ("newline", "1SG0\n0000-7RBJR"),
                       ("emoji", "🙂" * 13), ("control", "\x1b[2J" + "0" * 9)):
        cases.append(("code/" + name, code, {1, 2}))
    return cases


@pytest.fixture(scope="module")
def corpus():
    c = Corpus()
    for label, seed, size, settings in BASES:
        maze_cases(c, label, export(seed, size, settings))
    seed, doc = retried_8x8()
    maze_cases(c, "8x8-seed%d-attempts%d" % (seed, doc["attempts"]), doc)
    garbage_cases(c)
    return c.cases


def run_main(args, capsys):
    # -> (exit status or None, stdout, stderr, seconds, what escaped main or None). The seconds are this
    # process's CPU time: the work main did, not the time other processes on a loaded machine took.
    start = time.process_time()
    escaped = None
    try:
        code = main(args)
    except BaseException as e:              # anything leaving main is a traceback for the user
        code, escaped = None, "%s: %s" % (type(e).__name__, str(e)[:200])
    seconds = time.process_time() - start
    out = capsys.readouterr()
    return code, out.out, out.err, seconds, escaped


def judge(name, expected, code, out, err, escaped):
    # -> a list of what is wrong with one run (empty when it is right).
    wrong = []
    if escaped or "Traceback" in out + err:
        wrong.append("traceback: %s" % (escaped or err[-200:]))
    if code not in expected:
        wrong.append("exit %s, expected %s: %s" % (code, sorted(expected), (err or out).strip()[:200]))
    lines = err.splitlines()
    if code == 2 or (code == 1 and err):       # 1 with a message: a level code for another maze
        if len(lines) != 1 or not lines[0].startswith("maze32: ") or len(lines[0]) > 400:
            wrong.append("not one short line: %r" % err[:300])
    elif code == 0 and err:
        wrong.append("stderr: %r" % err[:200])
    return ["%s: %s" % (name, w) for w in wrong]


@pytest.mark.slow
def test_the_corpus_through_check(tmp_path, corpus, capsys):
    assert len(corpus) >= 1000, len(corpus)
    wrong, times, false_accepted, tracebacks = [], [], [], 0
    for i, (name, data, expected) in enumerate(corpus):
        path = tmp_path / ("case%04d.json" % i)
        path.write_bytes(data)
        as_json = i % 2 == 1
        code, out, err, seconds, escaped = run_main(["check", str(path)] + (["--json"] if as_json else []), capsys)
        problems = judge(name, expected, code, out, err, escaped)
        if as_json and code in (0, 1):
            verdict = json.loads(out)
            if verdict["valid"] != (code == 0) or (code == 1 and not verdict["failed"] and not verdict["false_claims"]):
                problems.append("%s: verdict %r disagrees with exit %d" % (name, verdict, code))
        wrong += problems
        tracebacks += bool(escaped or "Traceback" in out + err)
        if code == 0 and 0 not in expected:
            false_accepted.append(name)
        times.append((seconds, name, code))
        path.unlink()
    longest_error = max((t for t in times if t[2] == 2), default=(0, "", 2))
    longest = max(times)
    FIGURES["files"] = (len(corpus), tracebacks, len(false_accepted), longest_error, longest,
                        sum(1 for _, _, e in corpus if e == {0}), sum(1 for _, _, e in corpus if e == {1}),
                        sum(1 for _, _, e in corpus if e == {2}))
    assert not false_accepted, false_accepted
    assert not wrong, "\n".join(wrong[:40]) + "\n(%d wrong)" % len(wrong)
    # A hang guard, not a speed claim (bench/ measures speed): no file keeps check busy for long. The
    # reader's linearity is asserted by test_the_reader_is_linear_in_the_worst_case.
    assert longest[0] < 10.0, longest


@pytest.mark.slow
def test_a_sample_through_the_console_script(tmp_path, corpus):
    # Every 60th case, plus the biggest ones, as a user runs them: the installed maze32 script.
    picks = corpus[::60] + [c for c in corpus if len(c[1]) > 3 * MIB][:3]
    wrong = []
    for i, (name, data, expected) in enumerate(picks):
        path = tmp_path / ("sample%03d.json" % i)
        path.write_bytes(data)
        proc = maze32("check", str(path))
        wrong += judge(name, expected, proc.returncode, proc.stdout, proc.stderr, None)
    FIGURES["script"] = len(picks)
    assert not wrong, "\n".join(wrong)


def test_level_codes_through_validate(capsys):
    cases = code_cases()
    wrong, times, false_accepted = [], [], []
    for name, code, expected in cases:
        status, out, err, seconds, escaped = run_main(["validate", "--code", code], capsys)
        wrong += judge(name, expected, status, out, err, escaped)
        if status == 0 and 0 not in expected:
            false_accepted.append(name)
        times.append((seconds, name))
    FIGURES["codes"] = (len(cases), len(false_accepted), max(times))
    assert not false_accepted, false_accepted
    assert not wrong, "\n".join(wrong[:40])


def reader_seconds(data):
    # -> the least CPU time (this process's, so other processes on a loaded machine do not count) of
    # two refusals of data.
    best = None
    for _ in range(2):
        start = time.process_time()
        with pytest.raises(files.Malformed):
            files.parse_json(data)
        spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    return best


def test_the_reader_is_linear_in_the_worst_case():
    # The nesting scan and the parser's bounds cost time in proportion to the bytes, whatever they are:
    # unterminated strings full of escaped quotes, a million brackets, a million empty strings. 4 MiB
    # of each is refused within a second of CPU, and four times the bytes cost about four times the
    # time (under 10 times: a quadratic reader would take 16 times as long).
    for data in (b'"' + b'\\"' * (2 * MIB - 1), b"[" * (4 * MIB), b'""' * (2 * MIB), b"[]" * (2 * MIB)):
        whole, quarter = reader_seconds(data), reader_seconds(data[:len(data) // 4])
        assert whole < 1.0, whole
        assert whole < 10 * max(quarter, 0.001), (whole, quarter)


@pytest.mark.slow                  # the figures come from the slow corpus tests
def test_summary_of_the_hostile_files():
    # The figures for the notes; only meaningful after the tests above ran.
    if "files" not in FIGURES or "codes" not in FIGURES:
        pytest.skip("the corpus tests did not all run")
    files, tracebacks, false_accepted, longest_error, longest, truthful, lies, malformed = FIGURES["files"]
    codes, codes_accepted, longest_code = FIGURES["codes"]
    print("\nhostile files: %d tried (%d true, %d lying or breaking a rule, %d malformed), %d tracebacks, "
          "%d false acceptances; longest to an error %.3f s (%s), longest of all %.3f s (%s); "
          "%d through the console script; level codes: %d tried, %d false acceptances, longest %.3f s"
          % (files, truthful, lies, malformed, tracebacks, false_accepted, longest_error[0], longest_error[1],
             longest[0], longest[1], FIGURES.get("script", 0), codes, codes_accepted, longest_code[0]))
    assert tracebacks == false_accepted == codes_accepted == 0
