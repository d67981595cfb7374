#!/usr/bin/env python3
"""Checks `lifescript test --format json` reports against the published schema.

Usage: check-test-report.py REPORT.json...

Each line of each report must be valid against Documentation/Reference/schemas/
test-report.schema.json (read with python3-jsonschema, JSON Schema draft 2020-12); the first
record must be the suite, the last the summary, and the summary's counts must be the scenario
records' statuses. Prints every problem as REPORT:LINE: message. Exit status: 0 when every
report is valid, 1 otherwise, 2 when the schema validator is not installed.
"""
import json
import os
import sys

SCHEMA = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    "Documentation", "Reference", "schemas", "test-report.schema.json")
COUNTS = {"passed": "passed", "failed": "failed", "error": "errors", "skipped": "skipped",
          "known_issue": "known_issues"}


def check(path, validator, by_type):
    problems = []
    with open(path, encoding="utf-8") as report:
        lines = report.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    records = []
    for number, line in enumerate(lines, 1):
        try:
            record = json.loads(line)
        except ValueError as error:
            problems.append(f"{path}:{number}: not JSON: {error}")
            continue
        # A record of a known type is checked against its own definition, for messages that
        # name the field; anything else against the whole schema.
        kind = record.get("type") if isinstance(record, dict) else None
        chosen = by_type.get(kind, validator) if isinstance(kind, str) else validator
        for error in sorted(chosen.iter_errors(record), key=lambda e: list(e.path)):
            where = "/".join(str(part) for part in error.absolute_path) or "the record"
            problems.append(f"{path}:{number}: {where}: {error.message}")
        records.append(record)
    if not records:
        return problems + [f"{path}: empty report"]
    if records[0].get("type") != "suite":
        problems.append(f"{path}:1: the first record is not the suite")
    if records[-1].get("type") != "summary":
        problems.append(f"{path}:{len(records)}: the last record is not the summary")
    middle = records[1:-1]
    for number, record in enumerate(middle, 2):
        if record.get("type") != "scenario":
            problems.append(f"{path}:{number}: a {record.get('type')} record among the scenarios")
    summary = records[-1]
    for status, field in COUNTS.items():
        counted = sum(1 for record in middle if record.get("status") == status)
        if summary.get(field) != counted:
            problems.append(
                f"{path}:{len(records)}: summary {field} is {summary.get(field)}, "
                f"but {counted} scenario records are {status}")
    return problems


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        import jsonschema
    except ImportError:
        print("check-test-report.py: needs python3-jsonschema", file=sys.stderr)
        return 2
    with open(SCHEMA, encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    by_type = {}
    for kind in ("suite", "scenario", "summary"):
        one = {key: value for key, value in schema.items() if key != "oneOf"}
        one["$ref"] = f"#/$defs/{kind}"
        by_type[kind] = jsonschema.Draft202012Validator(one)
    problems = []
    for path in sys.argv[1:]:
        problems += check(path, validator, by_type)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
