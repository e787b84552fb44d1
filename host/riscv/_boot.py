# Frozen into the RISC-V board's firmware (host/riscv/manifest.py); maze32_board.c runs it after
# every reset, before boot.py and main.py, as ports/esp32 runs its own _boot.py.
#
# The board's "flash": a LittleFS filesystem on a block device over RAM above the firmware (the
# firmware's RAM ends below 0x80610000; QEMU's device tree sits at the top of the 128 MiB). A soft
# reset leaves that RAM alone, so files survive it; host/riscv_board.py backs the guest's RAM with a
# file, so they survive restarts of QEMU too. It is formatted only when it holds no valid LittleFS.
# Everything happens inside one function: this runs in the REPL's namespace and leaves nothing there.


def _boot():
    import sys
    import uctypes
    import vfs

    addr, block_size, blocks = 0x80800000, 4096, 512   # 2 MiB, the C6's usual filesystem size

    class RamFlash:
        # The extended block protocol of vfs.VfsLfs2: reads and writes at any offset in a block.
        def __init__(self):
            self.mem = memoryview(uctypes.bytearray_at(addr, block_size * blocks))

        def readblocks(self, block, buf, offset=0):
            start = block * block_size + offset
            buf[:] = self.mem[start:start + len(buf)]

        def writeblocks(self, block, buf, offset=0):
            start = block * block_size + offset
            self.mem[start:start + len(buf)] = buf

        def ioctl(self, op, arg):
            if op == 4:              # block count
                return blocks
            if op == 5:              # block size
                return block_size
            if op == 6:              # erase: nothing to do for RAM
                return 0
            return None

    flash = RamFlash()
    try:
        fs = vfs.VfsLfs2(flash)
    except OSError:
        vfs.VfsLfs2.mkfs(flash)      # first boot on this "flash", or it held no filesystem
        fs = vfs.VfsLfs2(flash)
    vfs.mount(fs, "/")
    if "/lib" not in sys.path:
        sys.path.append("/lib")      # as on a board: lib/maze32/*.mpy imports as maze32


_boot()
del _boot
