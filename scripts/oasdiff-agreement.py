#!/usr/bin/env python3
"""Helper of scripts/oasdiff-agreement.sh: oasdiff's verdict per document
pair, read from its checker tests, against `cargo tether diff`'s.

A pair is one `open("../data/X")` base and one revision in a test function
of oasdiff's checker/*_test.go that does not edit the loaded documents in
code. oasdiff's verdict: breaking when the test expects a finding whose rule
is ERR (the level of each rule id from checker/rules.go, or a `Level:` the
test states), possibly breaking when only WARN, else not breaking (a test
expecting no finding, or only INFO). Pairs that rest on oasdiff's own
extensions (x-sunset, x-stability-level, …) or options are left out.

  oasdiff-agreement.py OASDIFF_GIT_DIR COMMIT DATA_DIR CARGO_TETHER
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

LEVELS = {"INFO": 0, "WARN": 1, "ERR": 2}
NAMES = {0: "not breaking", 1: "possibly", 2: "breaking"}


def git_show(git_dir, commit, path):
    return subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{commit}:{path}"],
        check=True, capture_output=True, text=True).stdout


def rule_levels(git_dir, commit):
    text = git_show(git_dir, commit, "checker/rules.go")
    return {m.group(1): LEVELS[m.group(2)] for m in re.finditer(
        r"newBackwardCompatibilityRule\((\w+),\s*(ERR|WARN|INFO)\b", text)}


def test_files(git_dir, commit):
    out = subprocess.run(
        ["git", "--git-dir", git_dir, "ls-tree", "--name-only", commit, "checker/"],
        check=True, capture_output=True, text=True).stdout
    return [p for p in out.split() if p.endswith("_test.go")]


# Code that edits a loaded document, options that change oasdiff's
# behaviour, or extensions of oasdiff's own: the documents alone do not
# carry the verdict.
EDITS = re.compile(r"\bs[0-9]\w*\.Spec\b[^\n]*[^=!<>:]=[^=]|\bs[0-9]\w*\.Spec\.\w[^\n]*\bDelete\(|"
                   r"\.Spec\.\w[^\n]*\.(Set|Add)\(|WithOptionalCheck|WithDeprecation|WithAttributes|"
                   r"WithSeverityLevels|NewConfig\(\)\.With|Exclude|IncludePathParams|"
                   r"SetChecks|Attributes|checker\.LevelOverrides|MatchPath|FilterByExtension|"
                   r"diff\.NewConfig\(\)\.[A-Z]")
EXTENSIONS = re.compile(r"x-sunset|x-stability-level|x-extensible-enum|sunset|stability|"
                        r"x-beta|x-since-date|x-deprecat", re.I)


def pairs(git_dir, commit, data_dir, levels):
    """{(base, revision): (level, [ids], [tests])}"""
    found = {}
    for path in test_files(git_dir, commit):
        text = git_show(git_dir, commit, path)
        for m in re.finditer(r"\nfunc (Test\w+)\(t \*testing\.T\) \{\n(.*?)\n\}\n", text, re.S):
            name, body = m.group(1), m.group(2)
            files = re.findall(r'open\("\.\./data/([^"]+)"\)', body)
            if len(files) != 2 or files[0] == files[1]:
                continue
            if EDITS.search(body) or EXTENSIONS.search(body):
                continue
            if not all(os.path.isfile(os.path.join(data_dir, f)) for f in files):
                continue
            docs = "".join(open(os.path.join(data_dir, f), encoding="utf-8").read() for f in files)
            if EXTENSIONS.search(docs):
                continue
            # Ids a test says must NOT appear are not expectations.
            lines = body.splitlines()
            asserted = "\n".join(
                l for i, l in enumerate(lines)
                if not re.search(r"NotEqual|NotContains|!=", l)
                and not ("GetId() ==" in l and re.search(r"t\.(Fatal|Error|Fail)", " ".join(lines[i + 1:i + 3]))))
            ids = re.findall(r"checker\.(\w+Id)\b", asserted)
            stated = [LEVELS[l] for l in re.findall(r"Level:\s*checker\.(ERR|WARN|INFO)", body)]
            known = [levels[i] for i in ids if i in levels]
            if ids and not known and not stated:
                continue  # ids we cannot place
            expects_none = bool(re.search(r"require\.(Empty|Len)\(t, errs(, 0)?\)", body)) and not ids
            if not ids and not expects_none:
                continue  # asserts something other than findings
            level = max(known + stated, default=0)
            key = (files[0], files[1])
            old = found.get(key)
            if old:
                found[key] = (max(old[0], level), old[1] + ids, old[2] + [name])
            else:
                found[key] = (level, ids, [name])
    return found


def tether(cli, data_dir, pair):
    base, rev = (os.path.join(data_dir, f) for f in pair)
    try:
        r = subprocess.run([cli, "diff", base, rev, "--format", "json"],
                           capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return ("timeout", [])
    if r.returncode == 2 or r.returncode > 2 or r.returncode < 0:
        return ("error: " + (r.stderr.strip().splitlines() or ["?"])[0], [])
    out = json.loads(r.stdout)
    rank = {"compatible": 0, "possibly-breaking": 1, "breaking": 2}
    level = max((rank[c["level"]] for c in out["changes"]), default=0)
    rules = sorted({c["rule"] for c in out["changes"] if rank[c["level"]] == 2})
    return (level, rules)


def main():
    git_dir, commit, data_dir, cli = sys.argv[1:5]
    levels = rule_levels(git_dir, commit)
    found = pairs(git_dir, commit, data_dir, levels)
    keys = sorted(found)
    with ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "2"))) as pool:
        ours = dict(zip(keys, pool.map(lambda k: tether(cli, data_dir, k), keys)))
    agree, disagreements, errors = 0, [], []
    for key in keys:
        expected, ids, tests = found[key]
        level, rules = ours[key]
        if isinstance(level, str):
            errors.append((key, level))
            continue
        if (expected == 2) == (level == 2):
            agree += 1
        else:
            disagreements.append((key, expected, sorted(set(ids)), level, rules, tests))
    total = len(keys)
    for (base, rev), expected, ids, level, rules, tests in disagreements:
        print(f"DISAGREE {base} -> {rev}")
        print(f"  oasdiff: {NAMES[expected]} ({', '.join(ids) or 'no finding'}; {', '.join(tests)})")
        print(f"  tether:  {NAMES[level]}" + (f" ({', '.join(rules)})" if rules else ""))
    for (base, rev), why in errors:
        print(f"ERROR {base} -> {rev}: {why}")
    breaking = sum(1 for k in keys if found[k][0] == 2)
    print(f"oasdiff agreement: {agree}/{total - len(errors)} pairs agree on breaking vs not "
          f"({100.0 * agree / max(1, total - len(errors)):.1f} %); {breaking} breaking per oasdiff; "
          f"{len(errors)} not compared (tether refused the document)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
