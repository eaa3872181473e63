#!/usr/bin/env python3
"""Copies a JPEG with an ICC profile embedded (an APP2 segment after SOI), the pixels
untouched: the same image with and without a profile, for the colour-management benchmark.

    Benchmarks/add-icc-profile.py IN.jpg PROFILE.icc OUT.jpg
"""
import sys

source, profile_path, target = sys.argv[1:4]
data = open(source, "rb").read()
profile = open(profile_path, "rb").read()
if data[:2] != b"\xff\xd8":
    sys.exit(f"{source} is not a JPEG")
if len(profile) > 65519:
    sys.exit("profiles of more than one APP2 segment are not written here")
payload = b"ICC_PROFILE\x00" + bytes([1, 1]) + profile
segment = b"\xff\xe2" + (len(payload) + 2).to_bytes(2, "big") + payload
open(target, "wb").write(data[:2] + segment + data[2:])
