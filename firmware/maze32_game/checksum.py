# CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF): the check of every records line (records.py)
# and of a ghost replay (ghost.py). Sixteen bits keep every value a small int on a board (no long
# int per byte), and a bit at a time needs no 512-byte table in RAM; these texts are short.


def crc16(data, crc=0xFFFF):
    # data: bytes, a bytearray or a str of ASCII (records lines, replay text). -> 0..0xFFFF
    if isinstance(data, str):
        data = data.encode()
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc
