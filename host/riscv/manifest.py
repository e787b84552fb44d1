# Frozen modules of the RISC-V board's firmware (FROZEN_MANIFEST in host/riscv_board.py): only the
# boot script that mounts the filesystem.
freeze(".", "_boot.py")
