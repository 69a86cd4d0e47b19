#!/usr/bin/env python3
"""kcidb-check.py FILE...: check KCIDB documents (contest -r --format kcidb)
against the rules of KCIDB's I/O schema v5.3 that a submission must keep,
with python3's standard library alone; "-" or no FILE is standard input.
Prints each fault as FILE: WHERE: WHAT; exits 0 when there is none, 1
when there is one, 2 when a file cannot be read.

The facts, from kernelci/kcidb-io (commit 8971c02), kcidb_io/schema:
  v05_03.py  the JSON schema of v5.3: the top-level properties (version,
             checkouts, builds, tests, issues, incidents; no other, and
             version required with major 5 and minor at most 3); the
             properties of a checkout, a build and a test, no other
             (additionalProperties False); required: checkout id and
             origin, build checkout_id, id and origin, test build_id, id
             and origin; status one of FAIL ERROR MISS PASS DONE SKIP;
             number an object of value (a number, required), unit (a
             string) and prefix (metric or binary), no other; environment
             of compatible, comment and misc, no other; start_time a
             date-time (RFC 3339); duration a number; misc an object;
             architecture ^[a-z0-9_]*$; strings ^[^\\0]*$; and, in its
             description, no property may be null.
  v05_00.py  test_path_re ^([a-zA-Z0-9_-]+(\\.[a-zA-Z0-9_-]+)*)?$ (v5.3's
             path_re is it) and origin_id_pattern ORIGIN:[^\\0]*.
  v03_00.py  origin_pattern [a-z0-9_]+.
Beyond the schema, what the documents contest writes promise, and what a
database that links them needs: no NaN or Infinity (not JSON), no key
twice in an object, ids unique within their kind, an id's origin its
object's origin, and every build's checkout_id and every test's build_id
the id of an object of the same document.
"""
import datetime
import json
import re
import sys

ORIGIN = re.compile(r"[a-z0-9_]+\Z")
ORIGIN_ID = re.compile(r"([a-z0-9_]+):[^\0]*\Z")
PATH = re.compile(r"([a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]+)*)?\Z")
ARCH = re.compile(r"[a-z0-9_]*\Z")
DATE_TIME = re.compile(r"(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(\.\d+)?([Zz]|[+-]\d\d:\d\d)\Z")
STATUS = {"FAIL", "ERROR", "MISS", "PASS", "DONE", "SKIP"}
TOP = {"version", "checkouts", "builds", "tests"}

# the properties of each kind of object, and their types: str, a
# date-time ("date"), an id ("id"), a number, a bool, a list of strings,
# a resource list, an object (misc), or a kind of its own
RESOURCES = "resources"
PROPS = {
    "checkouts": {
        "_timestamp": "date", "id": "id", "origin": "origin", "tree_name": str,
        "git_repository_url": str, "git_commit_hash": str, "git_commit_name": str,
        "git_commit_tags": "strings", "git_commit_message": str, "git_repository_branch": str,
        "git_repository_branch_tip": bool, "patchset_files": RESOURCES, "patchset_hash": str,
        "message_id": str, "comment": str, "start_time": "date", "origin_builds_finish_time": "date",
        "origin_tests_finish_time": "date", "log_url": str, "log_excerpt": str, "valid": bool,
        "misc": dict,
    },
    "builds": {
        "_timestamp": "date", "checkout_id": "id", "id": "id", "origin": "origin", "comment": str,
        "start_time": "date", "duration": "number", "architecture": "arch", "command": str,
        "compiler": str, "input_files": RESOURCES, "output_files": RESOURCES, "config_name": str,
        "config_url": str, "log_url": str, "log_excerpt": str, "status": "status", "misc": dict,
    },
    "tests": {
        "_timestamp": "date", "build_id": "id", "id": "id", "origin": "origin",
        "environment": "environment", "path": "path", "comment": str, "log_url": str,
        "log_excerpt": str, "status": "status", "number": "number_object", "start_time": "date",
        "duration": "number", "input_files": RESOURCES, "output_files": RESOURCES, "misc": dict,
    },
}
REQUIRED = {
    "checkouts": ("id", "origin"),
    "builds": ("checkout_id", "id", "origin"),
    "tests": ("build_id", "id", "origin"),
}


class Faults(list):
    def add(self, where, what):
        self.append("%s: %s" % (where, what))


def no_constant(name):
    raise ValueError("%s is not JSON" % name)


def unique_keys(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise ValueError("key %r twice in one object" % k)
        d[k] = v
    return d


def date_ok(s):
    m = DATE_TIME.match(s)
    if not m:
        return False
    y, mo, d, h, mi, sec = (int(x) for x in m.groups()[:6])
    try:
        datetime.date(y, mo, d)
    except ValueError:
        return False
    return h < 24 and mi < 60 and sec <= 60


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def no_null(v, where, f):
    """No null and no string with a NUL, anywhere in v."""
    if v is None:
        f.add(where, "null (KCIDB takes none: leave the field out)")
    elif isinstance(v, str):
        if "\0" in v:
            f.add(where, "a NUL in a string")
    elif isinstance(v, dict):
        for k, x in v.items():
            no_null(x, "%s.%s" % (where, k), f)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            no_null(x, "%s[%d]" % (where, i), f)


def check_value(kind, key, v, where, f):
    if v is None:
        return  # said by no_null
    if kind is str:
        if not isinstance(v, str):
            f.add(where, "%s is not a string" % key)
    elif kind is bool:
        if not isinstance(v, bool):
            f.add(where, "%s is not a boolean" % key)
    elif kind is dict:
        if not isinstance(v, dict):
            f.add(where, "%s is not an object" % key)
    elif kind == "date":
        if not isinstance(v, str) or not date_ok(v):
            f.add(where, "%s %r is not an RFC 3339 date-time" % (key, v))
    elif kind == "id":
        if not isinstance(v, str) or not ORIGIN_ID.match(v):
            f.add(where, "%s %r is not ORIGIN:..., ORIGIN of [a-z0-9_]+" % (key, v))
    elif kind == "origin":
        if not isinstance(v, str) or not ORIGIN.match(v):
            f.add(where, "origin %r is not of [a-z0-9_]+" % (v,))
    elif kind == "number":
        if not is_number(v):
            f.add(where, "%s is not a number" % key)
    elif kind == "arch":
        if not isinstance(v, str) or not ARCH.match(v):
            f.add(where, "architecture %r is not of [a-z0-9_]*" % (v,))
    elif kind == "status":
        if v not in STATUS:
            f.add(where, "status %r is not one of %s" % (v, " ".join(sorted(STATUS))))
    elif kind == "path":
        if not isinstance(v, str) or not PATH.match(v):
            f.add(where, "path %r is not dot-separated parts of [a-zA-Z0-9_-]" % (v,))
    elif kind == "strings":
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            f.add(where, "%s is not a list of strings" % key)
    elif kind == RESOURCES:
        if not isinstance(v, list) or not all(
                isinstance(x, dict) and set(x) == {"name", "url"} and isinstance(x["name"], str)
                and re.match(r"[^/\0]+\Z", x["name"]) and isinstance(x["url"], str) for x in v):
            f.add(where, "%s is not a list of {name, url}" % key)
    elif kind == "number_object":
        if not isinstance(v, dict):
            f.add(where, "number is not an object")
            return
        if "value" not in v or not is_number(v["value"]):
            f.add(where, "number has no value that is a number")
        if "unit" in v and not isinstance(v["unit"], str):
            f.add(where, "number.unit is not a string")
        if "prefix" in v and v["prefix"] not in ("metric", "binary"):
            f.add(where, "number.prefix %r is not metric or binary" % (v["prefix"],))
        for k in set(v) - {"value", "unit", "prefix"}:
            f.add(where, "number has %r, which KCIDB does not take" % k)
    elif kind == "environment":
        if not isinstance(v, dict):
            f.add(where, "environment is not an object")
            return
        for k in set(v) - {"compatible", "comment", "misc"}:
            f.add(where, "environment has %r, which KCIDB does not take" % k)
        if "comment" in v and not isinstance(v["comment"], str):
            f.add(where, "environment.comment is not a string")
        if "misc" in v and not isinstance(v["misc"], dict):
            f.add(where, "environment.misc is not an object")
        if "compatible" in v and (not isinstance(v["compatible"], list) or not all(
                isinstance(x, str) and re.match(r"[^ \0]+(,[^ \0]+)*\Z", x) for x in v["compatible"])):
            f.add(where, "environment.compatible is not a list of compatible strings")


def check(doc, f):
    if not isinstance(doc, dict):
        f.add("document", "not an object")
        return
    no_null(doc, "document", f)
    for k in set(doc) - TOP:
        f.add("document", "top-level key %r (only %s)" % (k, ", ".join(sorted(TOP))))
    if doc.get("version") != {"major": 5, "minor": 3}:
        f.add("document", "version %r is not {major: 5, minor: 3}" % (doc.get("version"),))
    ids = {}
    for kind in ("checkouts", "builds", "tests"):
        objs = doc.get(kind, [])
        ids[kind] = set()
        if not isinstance(objs, list):
            f.add(kind, "not a list")
            continue
        for i, o in enumerate(objs):
            where = "%s[%d]" % (kind, i)
            if not isinstance(o, dict):
                f.add(where, "not an object")
                continue
            if isinstance(o.get("id"), str):
                where += " " + o["id"]
            for k in REQUIRED[kind]:
                if k not in o:
                    f.add(where, "no %s (required)" % k)
            for k, v in o.items():
                if k not in PROPS[kind]:
                    f.add(where, "%r is not a property of %s" % (k, kind[:-1]))
                else:
                    check_value(PROPS[kind][k], k, v, where, f)
            oid = o.get("id")
            if isinstance(oid, str):
                if oid in ids[kind]:
                    f.add(where, "id not unique among the %s" % kind)
                ids[kind].add(oid)
                m = ORIGIN_ID.match(oid)
                if m and m.group(1) != o.get("origin"):
                    f.add(where, "the id's origin %r is not its origin %r" % (m.group(1), o.get("origin")))
    for kind, key, to in (("builds", "checkout_id", "checkouts"), ("tests", "build_id", "builds")):
        for i, o in enumerate(doc.get(kind, []) if isinstance(doc.get(kind), list) else []):
            if isinstance(o, dict) and key in o and o[key] not in ids[to]:
                f.add("%s[%d] %s" % (kind, i, o.get("id")), "%s %r is no object of %s" % (key, o[key], to))


def main(argv):
    rc = 0
    for name in argv[1:] or ["-"]:
        try:
            text = sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()
        except (OSError, UnicodeDecodeError) as e:
            print("%s: cannot read: %s" % (name, e))
            return 2
        f = Faults()
        try:
            doc = json.loads(text, parse_constant=no_constant, object_pairs_hook=unique_keys)
        except ValueError as e:
            f.add("document", "not JSON: %s" % e)
        else:
            check(doc, f)
        for x in f:
            print("%s: %s" % (name, x))
        rc = 1 if f else rc
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
