"""Validates a SARIF log against the official 2.1.0 schema:
validate-sarif.py LOG SCHEMA."""
import json
import sys

import jsonschema

log = json.load(open(sys.argv[1]))
jsonschema.validate(log, json.load(open(sys.argv[2])))
print("valid")
