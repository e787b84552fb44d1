# The RISC-V board (SPEC 2 item 5): MicroPython's own ports/qemu firmware for QEMU's virt machine
# (board VIRT_RV32: rv32imc code, the ESP32-C6's instruction set and .mpy architecture), run in
# qemu-system-riscv32 with -icount shift=0 and served on a loopback socket, so the host reaches it
# through mpremote (`socket://127.0.0.1:PORT`) exactly as it reaches a C6.
#
#   build_firmware(progress)  builds (once, cached by content) firmware.elf from the MicroPython source
#   RiscvBoard(...)           runs it: a host.board_server.BoardServer, as the virtual board is
#
# The firmware is the stock port plus host/riscv/ (maze32_board.c, _boot.py, manifest.py) and the
# few one-line edits in PORT_EDITS below; together they make it behave as a board: a LittleFS
# filesystem that survives soft resets (and, since QEMU's RAM is a file here, restarts), boot.py and
# main.py run at boot, Ctrl-C interrupts running code, and an idle REPL sleeps instead of spinning.
#
# Timing: with -icount shift=0 every guest instruction advances the guest clock by 1 ns, so on this
# board time.ticks_us() counts thousands of executed RV32 instructions, identically on every run.
import atexit
import contextlib
import ctypes
import fcntl
import hashlib
import os
import select
import shutil
import signal
import socket
import subprocess
import tarfile
import time
from pathlib import Path

from host.board_server import BoardServer
from host.errors import CliError

from host.paths import CACHE, RISCV_PORT as PORT_FILES, MICROPYTHON_TARBALL as DEFAULT_SOURCE
DEBIAN_PACKAGES = "gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-system-misc"
GCC = "riscv64-unknown-elf-gcc"
QEMU = "qemu-system-riscv32"
JOBS = 2

RAM = "128M"           # QEMU's default for virt; the filesystem lives at 0x80800000 (host/riscv/_boot.py)
# The ESP32-C6 is rv32imac: no floating point, no bit manipulation. QEMU's default rv32 CPU has both,
# so they are switched off and any such instruction would trap instead of passing unnoticed.
CPU = "rv32,f=false,d=false,zba=false,zbb=false,zbc=false,zbs=false"

# make variables of the build (README of the MicroPython source: Debian's GCC 12 multilib knows
# rv32imac but not rv32imac_zicsr). LIBS (libgcc's path) is found at build time.
MAKE_FLAGS = (
    "BOARD=VIRT_RV32",
    "RV32_ARCH=rv32imac",
    "AFLAGS=-mabi=ilp32 -march=rv32imac_zicsr",
    "MICROPY_VFS_LFS2=1",                       # the board's filesystem (LittleFS v2, as on the C6)
    "FROZEN_MANIFEST=maze32/manifest.py",      # host/riscv/manifest.py: freezes _boot.py
    "MPY_CROSS_FLAGS=-march=rv32imc",          # frozen code for the C6's architecture (no Zba)
    # A heap nearer a C6's than the port's 140 KiB (the C6's MicroPython takes the largest free block
    # of its 512 KiB SRAM); os.urandom, which a C6 has (here the port's LCG: not entropy).
    "MICROPY_HEAP_SIZE=262144",
    "CFLAGS_EXTRA=-DMICROPY_PY_OS_URANDOM=1",
)

# Edits to the port's own files: (file, text that must occur exactly once, replacement), each with its
# reason. Most are hooks into host/riscv/maze32_board.c, which is copied next to them.
PORT_EDITS = (
    # Compile maze32_board.c with the port.
    ("ports/qemu/Makefile", "\tmain.c \\\n", "\tmain.c \\\n\tmaze32_board.c \\\n"),
    # After every mp_init (power-on and each soft reset): _boot.py, boot.py, main.py, as a board.
    ("ports/qemu/main.c", "        mp_init();\n",
     "        mp_init();\n        extern void maze32_board_boot(void);\n        maze32_board_boot();\n"),
    # The console reads the interrupt-fed ring buffer of maze32_board.c instead of polling the UART.
    ("ports/qemu/mphalport.c", '#include "uart.h"\n',
     '#include "uart.h"\nint maze32_rx_any(void);\nint maze32_rx_chr(void);\n'),
    ("ports/qemu/mphalport.c", "uart_rx_any()", "maze32_rx_any()"),
    ("ports/qemu/mphalport.c", "uart_rx_chr()", "maze32_rx_chr()"),
    # ... and sleeps until the timer instead of spinning: its mp_hal_delay_ms/us replace these.
    ("ports/qemu/mphalport.c",
     "void mp_hal_delay_ms(mp_uint_t ms) {\n"
     "    if (ms) {\n"
     "        mp_uint_t start = mp_hal_ticks_ms();\n"
     "        while (mp_hal_ticks_ms() - start < ms) {\n"
     "        }\n"
     "    } else {\n"
     "        mp_handle_pending(true);\n"
     "    }\n"
     "}\n"
     "\n"
     "void mp_hal_delay_us(mp_uint_t us) {\n"
     "    mp_uint_t start = mp_hal_ticks_us();\n"
     "    while (mp_hal_ticks_us() - start < us) {\n"
     "    }\n"
     "}\n",
     "// mp_hal_delay_ms and mp_hal_delay_us: in maze32_board.c\n"),
    # time.ticks_cpu() counts instructions (maze32_board.c) instead of returning 0.
    ("ports/qemu/mphalport.c", "mp_uint_t mp_hal_ticks_cpu(void) {\n    return 0;\n}\n",
     "// mp_hal_ticks_cpu: in maze32_board.c\n"),
    # maze32_board.c handles the machine external interrupt (the UART's) and the machine timer
    # interrupt; the port made them no-ops.
    ("ports/qemu/mcu/rv32/interrupts.c", "ASSIGN_EMPTY_MACHINE_INTERRUPT(mtvec_mei);\n", ""),
    ("ports/qemu/mcu/rv32/interrupts.c", "ASSIGN_EMPTY_MACHINE_INTERRUPT(mtvec_mti);\n", ""),
    # Code compiled on the board (viper, native) must run on the C6, which has no Zba.
    ("ports/qemu/mpconfigport.h", "#define MICROPY_EMIT_RV32_ZBA       (1)", "#define MICROPY_EMIT_RV32_ZBA       (0)"),
    # Machine code goes outside the GC heap, as on ports/esp32 (its mpconfigport.h defines the same
    # macro as esp_native_code_commit): maze32_exec_commit in maze32_board.c, item 6.
    ("ports/qemu/mpconfigport.h", "#define MP_STATE_PORT MP_STATE_VM\n",
     "#define MP_STATE_PORT MP_STATE_VM\n\n"
     "void *maze32_exec_commit(void *buf, size_t len, void *reloc);\n"
     "#define MP_PLAT_COMMIT_EXEC(buf, len, reloc) maze32_exec_commit(buf, len, reloc)\n"),
    # The port's linker script gathers only sections named exactly .bss, so with -fdata-sections (each
    # variable in its own .bss.NAME / .sbss.NAME) the startup code clears nothing: the stock port relies
    # on QEMU's RAM starting zeroed. This board's RAM is a file that keeps its contents across runs, so
    # every zero-initialised section goes between _sbss and _ebss, which startup clears.
    ("ports/qemu/mcu/rv32/virt.ld", "        *(.bss)\n", "        *(.bss .bss.* .sbss .sbss.* COMMON)\n"),
)
PORT_COPIES = (("maze32_board.c", "ports/qemu/maze32_board.c"),
               ("_boot.py", "ports/qemu/maze32/_boot.py"),
               ("manifest.py", "ports/qemu/maze32/manifest.py"))


# -- what its clock means ---------------------------------------------------------------------------------
BUILD = "VIRT_RV32"        # sys.implementation._build on this board: how the host recognises it
INSTRUCTIONS_PER_US = 1000 # -icount shift=0: ticks_us() counts thousands of instructions (ticks_cpu() ones)
C6_HZ = 160_000_000        # SPEC 8: the ESP32-C6's clock ...
C6_CPI = (1.0, 2.5)        # ... and cycles per instruction, all in cache .. flash cache misses


def c6_ms(instructions):
    # -> (low, midpoint, high): SPEC 8's estimate of ESP32-C6 milliseconds for RV32 instructions.
    low, high = (instructions * cpi / C6_HZ * 1000 for cpi in C6_CPI)
    return low, (low + high) / 2, high


# -- prerequisites -----------------------------------------------------------------------------------
def source_path():
    return Path(os.environ.get("MICROPYTHON_SRC") or DEFAULT_SOURCE)


def cache_dir():
    return CACHE / "riscv"


def missing():
    # -> [what is missing, ...]: empty when the RISC-V board can be built and run here.
    gaps = []
    if not shutil.which(GCC):
        gaps.append(GCC)
    elif not os.path.isabs(_gcc_output("--print-file-name=picolibc.specs")):
        gaps.append("picolibc for %s" % GCC)
    if not shutil.which(QEMU):
        gaps.append(QEMU)
    if not shutil.which("make"):
        gaps.append("make")
    if not (shutil.which("cc") or shutil.which("gcc")):
        gaps.append("a host C compiler (for mpy-cross)")
    src = source_path()
    if not (src.is_file() or (src / "py").is_dir() or _single_subdir(src)):
        gaps.append("the MicroPython source %s" % src)
    return gaps


def how_to_enable():
    packages = DEBIAN_PACKAGES + ("" if shutil.which("make") else " make") + \
        ("" if shutil.which("cc") or shutil.which("gcc") else " gcc")
    return ("apt-get install -y %s; MicroPython v1.28.0 source as MICROPYTHON_SRC (a tree or the "
            ".tar.gz; default %s)" % (packages, DEFAULT_SOURCE))


def check_prerequisites():
    gaps = missing()
    if gaps:
        raise CliError("RISC-V board: missing %s (%s)" % (", ".join(gaps), how_to_enable()))


def _gcc_output(*args):
    try:
        return subprocess.run([GCC] + list(args), capture_output=True, text=True).stdout.strip()
    except OSError:
        return ""


def _single_subdir(path):
    # A folder that holds one MicroPython tree (as a tarball extracts): that tree, else None.
    if not path.is_dir():
        return None
    for sub in path.iterdir():
        if (sub / "py").is_dir() and (sub / "ports" / "qemu").is_dir():
            return sub
    return None


# -- building ------------------------------------------------------------------------------------------
def build_key(src, freeze=None):
    # What the firmware depends on: the source (its bytes, or a tree's listing), the toolchain, the
    # make flags, the edits and the files of host/riscv/; and what a frozen-in manifest freezes.
    h = hashlib.sha256()
    for p in sorted(frozen_sources(freeze)):
        h.update(str(p).encode() + p.read_bytes())
    if src.is_file():
        with open(src, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    else:
        for p in sorted(src.rglob("*")):
            if p.is_file() and not any(part.startswith("build") for part in p.relative_to(src).parts):
                st = p.stat()
                h.update(("%s %d %d\n" % (p.relative_to(src), st.st_size, st.st_mtime_ns)).encode())
    h.update(_gcc_output("--version").encode())
    h.update(repr((MAKE_FLAGS, PORT_EDITS, PORT_COPIES)).encode())
    for name, _ in PORT_COPIES:
        h.update((PORT_FILES / name).read_bytes())
    return h.hexdigest()[:16]


def frozen_sources(freeze):
    # maze32's manifest (freeze: shared/manifest.py) freezes the .py files of the checkout's shared/
    # and firmware/.
    if not freeze:
        return []
    root = Path(freeze).resolve().parent.parent
    return [Path(freeze)] + [p for d in ("shared", "firmware") for p in (root / d).rglob("*.py")]


def build_firmware(progress=None, freeze=None):
    # -> Path of firmware.elf, built once per build_key; later calls return at once. freeze: a
    # manifest.py (maze32's own) frozen in beside _boot.py, a firmware of its own.
    say = progress or (lambda line: None)
    check_prerequisites()
    src = source_path()
    key = build_key(src, freeze)
    out = cache_dir() / key
    elf = out / "firmware.elf"
    if elf.exists():
        return elf
    try:
        return _build(src, out, elf, say, freeze)
    except OSError as e:
        raise CliError("RISC-V board: building in %s failed (%s)" % (out, e))


def _build(src, out, elf, say, freeze=None):
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)            # another process may be building the same key
        if elf.exists():
            return elf
        tree = out / "src"
        if tree.exists():
            shutil.rmtree(tree)
        say("RISC-V board: preparing MicroPython from %s" % src)
        _extract(src, tree)
        _patch(tree)
        log = out / "build.log"
        with open(log, "w") as logf:
            say("RISC-V board: building mpy-cross (for the frozen boot script)")
            _make(tree / "mpy-cross", [], logf, say, log)
            libgcc = _gcc_output("-march=rv32imac", "-mabi=ilp32", "-print-libgcc-file-name")
            say("RISC-V board: building ports/qemu BOARD=VIRT_RV32 (rv32imc), -j%d" % JOBS)
            _make(tree / "ports" / "qemu", list(MAKE_FLAGS) + ["LIBS=" + libgcc] + _frozen_in(tree, freeze),
                  logf, say, log)
        built = tree / "ports" / "qemu" / "build-VIRT_RV32" / "firmware.elf"
        shutil.copyfile(built, out / "firmware.tmp")
        os.replace(out / "firmware.tmp", elf)
        shutil.rmtree(tree)                          # 50 MB of objects nobody needs again
        say("RISC-V board: firmware %s" % elf)
    return elf


def _frozen_in(tree, freeze):
    # The make flag of a manifest freezing the board's own one and `freeze`; [] without one.
    if not freeze:
        return []
    both = tree / "ports" / "qemu" / "maze32" / "manifest_frozen.py"
    both.write_text('include("manifest.py")\ninclude(%r)\n' % str(Path(freeze).resolve()))
    return ["FROZEN_MANIFEST=maze32/manifest_frozen.py"]


def _extract(src, tree):
    if src.is_file():
        try:
            with tarfile.open(src) as tar:
                top = os.path.commonpath([m.name for m in tar.getmembers()])
                tmp = tree.parent / "extract"
                shutil.rmtree(tmp, ignore_errors=True)
                if hasattr(tarfile, "data_filter"):
                    tar.extractall(tmp, filter="data")
                else:
                    tar.extractall(tmp)
        except (tarfile.TarError, OSError) as e:
            raise CliError("RISC-V board: cannot extract %s (%s)" % (src, e))
        os.replace(tmp / top if top else tmp, tree)
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        base = src if (src / "py").is_dir() else _single_subdir(src)
        shutil.copytree(base, tree, symlinks=True,
                        ignore=shutil.ignore_patterns("build-*", "build"))
    if not (tree / "ports" / "qemu" / "main.c").exists():
        raise CliError("RISC-V board: %s holds no MicroPython ports/qemu (set MICROPYTHON_SRC)" % src)


def _patch(tree):
    for name, dest in PORT_COPIES:
        (tree / dest).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PORT_FILES / name, tree / dest)
    for rel, old, new in PORT_EDITS:
        path = tree / rel
        text = path.read_text()
        if text.count(old) != 1:
            raise CliError("RISC-V board: %s is not the MicroPython v1.28.0 this patch expects "
                           "(%r found %d times)" % (rel, old.strip(), text.count(old)))
        path.write_text(text.replace(old, new))
    # The frozen-manifest step insists on the micropython-lib submodule, which the source lacks and
    # the manifest does not use.
    lib = tree / "lib" / "micropython-lib"
    lib.mkdir(parents=True, exist_ok=True)
    (lib / "README.md").touch()


def _make(folder, flags, logf, say, log):
    cmd = ["make", "-C", str(folder), "-j%d" % JOBS] + flags
    logf.write("$ %s\n" % " ".join(cmd))
    logf.flush()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    compiled, first_error, last = 0, "", ""
    for line in proc.stdout:
        logf.write(line)
        if line.startswith("CC "):
            compiled += 1
            if compiled % 50 == 0:
                say("  %d files compiled" % compiled)
        if line.strip():
            last = line.strip()
            if not first_error and "error" in line.lower():
                first_error = last
    last = first_error or last
    if proc.wait():
        raise CliError("RISC-V board: make in %s failed (%s; full log %s)"
                       % (folder.name, last[:200], log))


# -- running ---------------------------------------------------------------------------------------------
def default_root():
    base = os.environ.get("MAZE32_RISCV_BOARD")
    return Path(base) if base else CACHE / "riscv-board"


_live = set()          # QEMU processes of this interpreter, killed at exit whatever happens


@atexit.register
def _kill_all():
    for proc in list(_live):
        _kill(proc)


def _kill(proc):
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    _live.discard(proc)


try:
    _prctl = ctypes.CDLL(None, use_errno=True).prctl
except (OSError, AttributeError):
    _prctl = None


def _die_with_parent():
    # In the child before exec: SIGKILL when the host process dies, however it dies (Linux).
    if _prctl is not None:
        _prctl(1, int(signal.SIGKILL))      # PR_SET_PDEATHSIG


class RiscvBoard(BoardServer):
    # QEMU running the RISC-V firmware, its console served on `url` (host/board_server.py). `root`
    # holds the board's RAM as a file (flash.ram: the filesystem lives in it) and QEMU's own messages
    # (qemu.log). Prints nothing.
    def __init__(self, root=None, host="127.0.0.1", port=0, firmware=None):
        from host.virtual_board import board_folder
        self.root = board_folder(root or default_root())     # one-line errors for a bad folder
        # One QEMU per root: two would share flash.ram and wreck its filesystem.
        self._lock = open(self.root / "lock", "w")
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock.close()
            raise CliError("RISC-V board in %s is already running (another `maze32 board serve`?): "
                           "use its URL, or another folder" % self.root)
        self.firmware = Path(firmware) if firmware else None
        try:
            BoardServer.__init__(self, host, port)
        except CliError:
            self._lock.close()
            raise
        self.console = None          # the connection QEMU's serial port makes to us
        self.boots = 0

    def command(self, serial_port):
        return [QEMU, "-machine", "virt,memory-backend=ram", "-m", RAM, "-cpu", CPU,
                "-object", "memory-backend-file,id=ram,size=%s,mem-path=%s,share=on"
                % (RAM, self.root / "flash.ram"),
                "-bios", "none", "-nographic", "-monitor", "null", "-semihosting",
                "-icount", "shift=0",
                "-chardev", "socket,id=console,host=127.0.0.1,port=%d,nodelay=on" % serial_port,
                "-serial", "chardev:console", "-kernel", str(self.firmware)]

    # -- the QEMU process ----------------------------------------------------------------------------
    def _boot(self):
        if self.firmware is None:
            self.firmware = build_firmware()
        inner = socket.create_server(("127.0.0.1", 0))
        inner.settimeout(0.2)
        log = open(self.root / "qemu.log", "ab")
        try:
            self.proc = subprocess.Popen(self.command(inner.getsockname()[1]), stdin=subprocess.DEVNULL,
                                         stdout=log, stderr=log, start_new_session=True,
                                         preexec_fn=_die_with_parent)
        except OSError as e:
            raise CliError("RISC-V board: cannot start %s (%s)" % (QEMU, e))
        finally:
            log.close()
        _live.add(self.proc)
        try:
            end = time.monotonic() + 20
            while True:
                try:
                    self.console, _ = inner.accept()
                    break
                except socket.timeout:
                    if self.proc.poll() is not None or time.monotonic() > end:
                        _kill(self.proc)
                        raise CliError("RISC-V board: %s did not start (see %s)"
                                       % (QEMU, self.root / "qemu.log"))
        finally:
            inner.close()
        self.console.setblocking(True)
        self.console.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)   # no 40 ms Nagle stalls
        self.boots += 1

    def _halt(self):
        if self.proc is not None:
            _kill(self.proc)
        if self.console is not None:
            self.console.close()
            self.console = None

    def _from_board(self):
        # Console output, b"" once QEMU has gone (machine.reset() or a crash): then it powers on again.
        try:
            data = self.console.recv(65536)
        except OSError:
            data = b""
        if not data:
            self._halt()
            self._boot()
        return data

    def _to_board(self, data):
        self.console.sendall(data)

    # -- serving (the loop itself is BoardServer's) -----------------------------------------------------
    def _serve_client(self, client):
        while not self._stop.is_set():
            r, _, _ = select.select([client, self.console], [], [], 0.1)
            if self.console in r:
                data = self._from_board()
                if data:
                    client.sendall(data)
            if client in r:
                data = client.recv(65536)
                if not data:
                    return
                # Acknowledge at once: mpremote writes a command and its Ctrl-D separately, and
                # Nagle's algorithm on its side would hold the Ctrl-D for our delayed ACK (40 ms).
                with contextlib.suppress(OSError, AttributeError):
                    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
                self._to_board(data)

    def _idle(self):
        # No client: the board's output goes nowhere, as a board's serial with nobody listening.
        r, _, _ = select.select([self.listener, self.console], [], [], 0.1)
        if self.console in r:
            self._from_board()
        return self.listener in r

    def _release(self):
        self._lock.close()                           # the root, for the next board
