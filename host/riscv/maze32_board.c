// maze32's additions to MicroPython's ports/qemu for the RISC-V board (VIRT_RV32), copied into the
// port at build time by host/riscv_board.py, which also makes the few one-line edits that call it.
//
// What a real board (the ESP32-C6) does and the stock qemu port does not:
//  1. Boot scripts. After every reset, hard or soft: the frozen _boot.py (mounts the filesystem and
//     puts /lib on sys.path), then boot.py, then main.py when the REPL is the friendly one -- the
//     order and the rule of ports/esp32/main.c. (The stock port goes straight to the REPL.)
//  2. Ctrl-C interrupts running code. The console UART (16550 at 0x10000000, PLIC source 10)
//     raises an interrupt for each received byte; the handler moves bytes into a ring buffer and turns
//     the interrupt character into a KeyboardInterrupt, as a board's UART/USB interrupt does. (The
//     stock port polls the UART only when it reads stdin, so a running main.py cannot be stopped.)
//  3. Idle waits. Reading the console with nothing to read sleeps in `wfi` until the next interrupt
//     instead of spinning, so an idle board costs the host no CPU (QEMU's icount clock keeps running
//     in real time while the guest sleeps).
//     The same for time.sleep: mp_hal_delay_ms/us sleep in `wfi` until the machine timer's interrupt
//     (the stock port spins on the clock), and a Ctrl-C ends the sleep with KeyboardInterrupt.
//  4. time.ticks_cpu() counts executed instructions (the instret counter; with -icount QEMU keeps it
//     exact), as the C6's counts CPU cycles. The stock port returns 0.
//  5. mp_hal_time_ns, which LittleFS needs for file modification times: time since reset, as on a
//     board with no RTC set.
//  6. Machine code outside the GC heap. ports/esp32 defines MP_PLAT_COMMIT_EXEC as
//     esp_native_code_commit: the machine code of an .mpy (and of code compiled on the board) is
//     copied into executable memory from ESP-IDF's heap, not MicroPython's, and freed only at a soft
//     reset; the buffer it was read into becomes garbage. maze32_exec_commit does the same here, from
//     a static exec region (a bump allocator: nothing in it is freed before the soft reset anyway),
//     emptied at each reset, MemoryError when full. The stock port keeps machine code in the heap.
//     maze32board.exec_region() -> (bytes used, size), for the benches.
#include <string.h>

#include "py/mphal.h"
#include "py/persistentcode.h"
#include "py/runtime.h"
#include "shared/runtime/interrupt_char.h"
#include "shared/runtime/pyexec.h"

uintptr_t ticks_us(void);

// 16550 UART registers (byte wide) and the PLIC of QEMU's virt machine.
#define UART_BASE   (0x10000000u)
#define UART_RBR    (*(volatile uint8_t *)(UART_BASE + 0))
#define UART_IER    (*(volatile uint8_t *)(UART_BASE + 1))
#define UART_DLL    (*(volatile uint8_t *)(UART_BASE + 0))    // with LCR.DLAB set
#define UART_DLM    (*(volatile uint8_t *)(UART_BASE + 1))
#define UART_FCR    (*(volatile uint8_t *)(UART_BASE + 2))
#define UART_LCR    (*(volatile uint8_t *)(UART_BASE + 3))
#define UART_MCR    (*(volatile uint8_t *)(UART_BASE + 4))
#define UART_LSR    (*(volatile uint8_t *)(UART_BASE + 5))
#define UART_LSR_DR (0x01)
#define UART_IRQ    (10)
#define PLIC_BASE   (0x0c000000u)
#define PLIC_PRIORITY(irq) (*(volatile uint32_t *)(PLIC_BASE + 4 * (irq)))
#define PLIC_ENABLE        (*(volatile uint32_t *)(PLIC_BASE + 0x2000))    // context 0: hart 0, M-mode
#define PLIC_THRESHOLD     (*(volatile uint32_t *)(PLIC_BASE + 0x200000))
#define PLIC_CLAIM         (*(volatile uint32_t *)(PLIC_BASE + 0x200004))
// The machine timer (ACLINT/CLINT of virt): 10 MHz, the clock mcu/riscv/ticks.c reads with rdtime.
#define CLINT_MTIMECMP_LO  (*(volatile uint32_t *)(0x02004000u))   // hart 0
#define CLINT_MTIMECMP_HI  (*(volatile uint32_t *)(0x02004004u))
#define TIMER_HZ           (10000000u)
#define MIE_MTIE           (1u << 7)

// Received bytes, filled by the interrupt handler, emptied by the console reader. When it is full
// the handler stops taking bytes (receive interrupt off) and QEMU holds the rest: nothing is lost.
#define RX_SIZE (512)
static volatile uint8_t rx_buf[RX_SIZE];
static volatile uint32_t rx_head, rx_tail;    // head: next write (handler), tail: next read

static void rx_drain(void) {
    while (UART_LSR & UART_LSR_DR) {
        if (rx_head - rx_tail >= RX_SIZE) {
            UART_IER = 0;                         // full: leave the byte in the UART for now
            return;
        }
        int c = UART_RBR;
        if (c == mp_interrupt_char) {
            mp_sched_keyboard_interrupt();        // Ctrl-C while code runs, as on a board
        } else {
            rx_buf[rx_head % RX_SIZE] = c;
            rx_head++;
        }
    }
}

// Machine external interrupt (mtvec slot 11; the port's interrupts.c defines it as a no-op otherwise).
__attribute__((interrupt("machine"))) void mtvec_mei(void) {
    uint32_t irq = PLIC_CLAIM;
    if (irq == UART_IRQ) {
        rx_drain();
    }
    if (irq) {
        PLIC_CLAIM = irq;                         // complete
    }
}

static void console_init(void) {
    PLIC_PRIORITY(UART_IRQ) = 1;
    PLIC_THRESHOLD = 0;
    PLIC_ENABLE |= 1u << UART_IRQ;
    UART_LCR = 0x80;                              // divisor 1: QEMU's FIFO timeout is 4 character
    UART_DLL = 1;                                 // times of the set rate, so the fastest rate
    UART_DLM = 0;                                 // hands over short input quickest
    UART_LCR = 0x03;                              // 8N1
    UART_FCR = 0xc7;                              // FIFO on and cleared; interrupt at 14 bytes or
                                                  // after a pause: fewer interrupts per byte
    UART_MCR = 0x0b;                              // DTR, RTS, OUT2 (the 16550's interrupt gate)
    UART_IER = 1;                                 // interrupt on received data
    __asm volatile ("csrs mie, %0" : : "r" (1u << 11));   // machine external interrupts on
    __asm volatile ("csrs mstatus, 8");           // and interrupts at all: the port's
                                                  // set_interrupt_table means to, but leaves MIE off
}

// Replaces uart_rx_any() in mphalport.c's mp_hal_stdio_poll.
int maze32_rx_any(void) {
    return rx_head != rx_tail;
}

// Replaces uart_rx_chr() in mphalport.c's mp_hal_stdin_rx_chr loop: a byte, or -1 after sleeping
// until the next interrupt (the loop calls again). A pending Ctrl-C is raised here, as a board's
// console read does.
int maze32_rx_chr(void) {
    __asm volatile ("csrc mstatus, 8");           // no handler between the test and the wfi
    if (rx_head == rx_tail) {
        __asm volatile ("wfi");                   // wakes on the pending interrupt even with MIE off
    }
    __asm volatile ("csrs mstatus, 8");           // the handler runs now if a byte came
    if (rx_head == rx_tail) {
        mp_handle_pending(MP_HANDLE_PENDING_CALLBACKS_AND_EXCEPTIONS);
        return -1;
    }
    int c = rx_buf[rx_tail % RX_SIZE];
    rx_tail++;
    UART_IER = 1;                                 // room again: take bytes the handler left waiting
    return c;
}

static uint64_t timer_now(void) {
    uint32_t hi, lo, again;
    do {
        __asm volatile ("rdtimeh %0\n rdtime %1\n rdtimeh %2" : "=r" (hi), "=r" (lo), "=r" (again));
    } while (hi != again);
    return ((uint64_t)hi << 32) | lo;
}

// Machine timer interrupt: its only job is to end a wfi in sleep_until; switched off until the next.
__attribute__((interrupt("machine"))) void mtvec_mti(void) {
    __asm volatile ("csrc mie, %0" : : "r" (MIE_MTIE));
}

static void sleep_until(uint64_t end) {
    while (timer_now() < end) {
        mp_handle_pending(MP_HANDLE_PENDING_CALLBACKS_AND_EXCEPTIONS);   // Ctrl-C ends a sleep
        CLINT_MTIMECMP_HI = 0xffffffffu;          // no spurious match while the halves change
        CLINT_MTIMECMP_LO = (uint32_t)end;
        CLINT_MTIMECMP_HI = (uint32_t)(end >> 32);
        __asm volatile ("csrc mstatus, 8");
        __asm volatile ("csrs mie, %0" : : "r" (MIE_MTIE));
        if (timer_now() < end) {
            __asm volatile ("wfi");               // until the timer or a received byte
        }
        __asm volatile ("csrs mstatus, 8");       // mtvec_mti (or mtvec_mei) runs here
    }
    __asm volatile ("csrc mie, %0" : : "r" (MIE_MTIE));
}

// These replace the spinning versions of mphalport.c.
void mp_hal_delay_ms(mp_uint_t ms) {
    if (ms) {
        sleep_until(timer_now() + (uint64_t)ms * (TIMER_HZ / 1000));
    } else {
        mp_handle_pending(MP_HANDLE_PENDING_CALLBACKS_AND_EXCEPTIONS);
    }
}

void mp_hal_delay_us(mp_uint_t us) {
    sleep_until(timer_now() + (uint64_t)us * (TIMER_HZ / 1000000));
}

mp_uint_t mp_hal_ticks_cpu(void) {
    uint32_t n;
    __asm volatile ("rdinstret %0" : "=r" (n));
    return n;
}

uint64_t mp_hal_time_ns(void) {
    return (uint64_t)ticks_us() * 1000u;
}

// The exec region's size: what a C6 leaves for heap_caps_malloc(MALLOC_CAP_EXEC). Its 512 KiB of
// SRAM hold ESP-IDF, FreeRTOS and MicroPython's own data and stacks (~128 KiB), the GC heap (this
// board's 256 KiB, MAKE_FLAGS in host/riscv_board.py), and the rest, ~128 KiB, is the ESP-IDF heap the
// machine code is committed from (the C6's SRAM is one executable pool: MicroPython's esp32 build
// turns memory protection off so that it can be).
#define EXEC_SIZE (128 * 1024)
static uint32_t exec_region[EXEC_SIZE / sizeof(uint32_t)] __attribute__((aligned(4)));
static size_t exec_used;

// MP_PLAT_COMMIT_EXEC (the edit of mpconfigport.h): as esp_native_code_commit, relocated for where
// it lands, then copied there.
void *maze32_exec_commit(void *buf, size_t len, void *reloc) {
    len = (len + 3) & ~3;
    if (len > EXEC_SIZE - exec_used) {
        m_malloc_fail(len);                       // MemoryError, as a full ESP-IDF heap gives
    }
    uint8_t *p = (uint8_t *)exec_region + exec_used;
    exec_used += len;
    if (reloc) {
        mp_native_relocate(reloc, buf, (uintptr_t)p);
    }
    memcpy(p, buf, len);
    // fence.i (Zifencei, which -march=rv32imac leaves out of the assembler): the new code visible
    // to instruction fetch
    __asm volatile (".insn i 0x0f, 1, x0, x0, 0" ::: "memory");
    return p;
}

static mp_obj_t exec_region_info(void) {
    mp_obj_t items[2] = {MP_OBJ_NEW_SMALL_INT(exec_used), MP_OBJ_NEW_SMALL_INT(EXEC_SIZE)};
    return mp_obj_new_tuple(2, items);
}
static MP_DEFINE_CONST_FUN_OBJ_0(exec_region_obj, exec_region_info);

static const mp_rom_map_elem_t maze32board_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_maze32board) },
    { MP_ROM_QSTR(MP_QSTR_exec_region), MP_ROM_PTR(&exec_region_obj) },
};
static MP_DEFINE_CONST_DICT(maze32board_globals, maze32board_globals_table);

const mp_obj_module_t maze32board_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&maze32board_globals,
};
MP_REGISTER_MODULE(MP_QSTR_maze32board, maze32board_module);

// Called by main.c after every mp_init(), i.e. at power-on and after each soft reset.
void maze32_board_boot(void) {
    static bool started;
    exec_used = 0;                                // the last session's machine code is gone with its heap
    if (!started) {
        started = true;
        console_init();
    }
    pyexec_frozen_module("_boot.py", false);
    int ret = pyexec_file_if_exists("boot.py");
    if (!(ret & PYEXEC_FORCED_EXIT) && pyexec_mode_kind == PYEXEC_MODE_FRIENDLY_REPL) {
        pyexec_file_if_exists("main.py");
    }
}
