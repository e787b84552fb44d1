// Run a Python script on the 32-bit MicroPython webassembly port under Node.js.
// usage: node run.mjs SCRIPT [LIBDIR ...]   -- each LIBDIR's .py files are copied into the port's /lib.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

const [script, ...libdirs] = process.argv.slice(2);
const mp = await loadMicroPython({
  heapsize: 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyTree(src, dst) {
  mp.FS.mkdirTree(dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = dst + "/" + entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") copyTree(from, to);
    } else if (entry.name.endsWith(".py")) {
      mp.FS.writeFile(to, fs.readFileSync(from));
    }
  }
}

for (const dir of libdirs) copyTree(dir, "/lib");
try {
  mp.runPython("import sys\nsys.path.insert(0, '/lib')\n" + fs.readFileSync(script, "utf8"));
} catch (err) {
  // runPython raises a JS PythonError carrying the Python traceback text.
  process.stderr.write(String(err && err.message ? err.message : err) + "\n");
  process.exit(1);
}
