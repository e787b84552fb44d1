# Two commands do all the set-up on a new machine (python3, node and npm present):
#   make demo   -- install everything, then run `maze32 validate --seed 7`
#   make test   -- install everything, then run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
WASM := tests/wasm

.PHONY: setup demo test quick bench browser clean

setup: $(VENV)/.installed $(WASM)/node_modules/.installed

$(VENV)/.installed: pyproject.toml
	@echo "setting up $(VENV) (Python packages; the log is $(VENV)/install.log)"
	@$(PYTHON) -m venv $(VENV)
	@# pip and setuptools are chatty (warnings about the machine's package index, editable
	@# installs): their output goes to a log, shown whole only when the install fails.
	@{ $(BIN)/python -m pip install --quiet --upgrade pip \
	   && $(BIN)/python -m pip install --quiet -e '.[test]'; } > $(VENV)/install.log 2>&1 \
	   || { cat $(VENV)/install.log; exit 1; }
	@touch $@

$(WASM)/node_modules/.installed: $(WASM)/package.json $(WASM)/package-lock.json
	@echo "setting up $(WASM)/node_modules (npm: the webassembly MicroPython)"
	@cd $(WASM) && npm ci --silent --no-audit --no-fund
	@touch $@

demo: setup
	$(BIN)/maze32 validate --seed 7
	@echo
	@echo "That was maze 7, generated and checked. Now play a game (arrows or WASD move, q quits):  $(BIN)/maze32 play"

test: setup
	$(BIN)/python -m pytest -q -rs

# The quick tier: every layer, lightly (the tests marked slow left out; docs/testing.md).
quick: setup
	$(BIN)/python -m pytest -q -rs -m "not slow"

# --riscv (RV32 instructions on the RISC-V board) only where its toolchain and source are present.
# With the RISC-V board, also the library against its C reference per phase (bench/c_ratio.py).
bench: setup
	$(BIN)/python bench/board_time.py $$($(BIN)/python -c 'from host import riscv_board; print("" if riscv_board.missing() else "--riscv")')
	$(BIN)/python bench/twin_rate.py
	if $(BIN)/python -c 'import sys; from host import riscv_board; sys.exit(bool(riscv_board.missing()))'; then \
		$(BIN)/python bench/c_ratio.py; fi

# The browser twin's test tier (tests/web/test_browser.py) needs headless Chromium and its driver from
# Debian; this installs them as root with apt-get (.ci/run calls it). Without them, or without root,
# make test still runs: those tests skip with one line saying why.
BROWSER_PACKAGES := chromium chromium-driver
browser:
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		export DEBIAN_FRONTEND=noninteractive; \
		{ apt-get update -q && apt-get install -y -q --no-install-recommends $(BROWSER_PACKAGES); } >/dev/null \
			|| echo "make browser: could not install $(BROWSER_PACKAGES); the browser tests will be skipped"; \
	else \
		echo "make browser: not root (or no apt-get): install $(BROWSER_PACKAGES) yourself, or the browser tests skip"; \
	fi

clean:
	rm -rf $(VENV) $(WASM)/node_modules
