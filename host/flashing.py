# maze32 flash: the only module that imports esptool. The image is checked before the board is
# touched; the write itself needs a real chip, so this layer stays a thin call into esptool.
import struct

from host.errors import CliError

ESP_IMAGE_MAGIC = 0xE9
ESP32C6_CHIP_ID = 13          # esp_chip_id_t in the image's extended header
KNOWN_CHIPS = {0: "ESP32", 2: "ESP32-S2", 5: "ESP32-C3", 9: "ESP32-S3", 12: "ESP32-C2",
               13: "ESP32-C6", 16: "ESP32-H2", 18: "ESP32-P4", 23: "ESP32-C5"}


def check_image(path):
    # Refuse anything that is not an ESP32-C6 application/bootloader image, before any connection.
    try:
        with open(path, "rb") as f:
            header = f.read(24)
    except FileNotFoundError:
        raise CliError("firmware: %s: no such file" % path)
    except IsADirectoryError:
        raise CliError("firmware: %s: is a directory" % path)
    except OSError as e:
        raise CliError("firmware: %s: %s" % (path, e.strerror or e))
    if len(header) < 24 or header[0] != ESP_IMAGE_MAGIC:
        raise CliError("firmware: %s is not an ESP firmware image (no 0xE9 header)" % path)
    chip_id = struct.unpack_from("<H", header, 12)[0]
    if chip_id != ESP32C6_CHIP_ID:
        raise CliError("firmware: %s is built for %s (chip id %d), not the ESP32-C6"
                       % (path, KNOWN_CHIPS.get(chip_id, "another chip"), chip_id))
    return chip_id


def flash(port, path, erase, log=print):
    check_image(path)
    import esptool.cmds as cmds
    from esptool.util import FatalError
    try:
        esp = cmds.detect_chip(port)
    except (FatalError, OSError) as e:
        raise CliError("port %s: no ESP chip answered (%s)" % (port, str(e).splitlines()[0]))
    try:
        if esp.CHIP_NAME != "ESP32-C6":
            raise CliError("port %s: the chip is an %s, not an ESP32-C6" % (port, esp.CHIP_NAME))
        log("found %s on %s" % (esp.CHIP_NAME, port))
        esp = cmds.run_stub(esp)
        cmds.attach_flash(esp)
        if erase:
            log("erasing flash")
            cmds.erase_flash(esp)
        log("writing %s at 0x0" % path)
        cmds.write_flash(esp, [(0, path)])
        cmds.verify_flash(esp, [(0, path)])
        log("verified")
        cmds.reset_chip(esp, "hard-reset")
    except FatalError as e:
        raise CliError("flash failed: %s" % str(e).splitlines()[0])
    finally:
        esp._port.close()
