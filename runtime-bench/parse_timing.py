#!/usr/bin/env python3
"""runtime-bench timing parser: build/NAME.timing.txt (TIMING lines of the plain timing pass,
BENCH_TIMING=1) -> timings.json; optionally adds the timing-pass info to measurements.json's header.
Python 3 standard library only.

TIMING line: TIMING kernel=<name> ms=<median> bytes=<useful bytes> repeats=<n> min_ms=.. max_ms=..
bytes=0 means "not stated in the program": then bytes = ideal sectors x 32 B summed over the
kernel's records in measurements.json (bytes_source "ncu-ideal-sectors"), when a profile exists.
--merge OLD.json: keep OLD's timings and checks except those of the files timed now (replaced),
recompute the fix pairs over the union, add the run to header.added_runs; measurements.json is then
only read (its header's timing info is left as it is).
"""
import argparse, glob, json, os, re, sys, datetime

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
try:
    from parse_ncu import read_versions
except Exception:  # noqa
    read_versions = None

LINE = re.compile(r'^TIMING\s+(.*)$')
CHECK = re.compile(r'^CHECK\s+(\S+)\s+(ok|FAIL)\b(.*)$')


def norm(k):
    return re.sub(r'\((?:int|unsigned int|long)\)', '', k).replace(' ', '')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', required=True)
    ap.add_argument('--versions')
    ap.add_argument('--measurements', help='measurements.json: bytes fallback, header gets timing info')
    ap.add_argument('--timing-only', action='store_true')
    ap.add_argument('--fixes', default=os.path.join(HERE, 'fixes.json'))
    ap.add_argument('--merge', metavar='OLD_JSON', help='merge into this timings.json (see above)')
    ap.add_argument('-o', '--output', required=True)
    a = ap.parse_args()

    meas = None
    if a.measurements and os.path.exists(a.measurements):
        meas = json.load(open(a.measurements))
    ideal = {}
    if meas:
        for r in meas.get('records', []):
            if r.get('kind') in ('load', 'store', 'atomic') and r.get('space', 'global') == 'global':
                key = (os.path.basename(r['file']), norm(r['kernel']))
                ideal[key] = ideal.get(key, 0) + 32 * (r.get('ideal_sectors') or 0)

    timings, checks, problems = [], [], []
    for path in sorted(glob.glob(os.path.join(a.build, '*.timing.txt'))):
        name = os.path.basename(path)[:-len('.timing.txt')]
        f = name + '.cu'
        n = 0
        for line in open(path, errors='replace'):
            line = line.strip()
            m = LINE.match(line)
            if m:
                kv = dict(p.split('=', 1) for p in m.group(1).split() if '=' in p)
                ms = float(kv['ms'])
                b = float(kv.get('bytes', 0))
                src = 'program'
                if b <= 0:
                    b = ideal.get((f, norm(kv['kernel'])))
                    src = 'ncu-ideal-sectors' if b else None
                t = {'file': f, 'kernel': kv['kernel'], 'ms': ms,
                     'min_ms': float(kv['min_ms']) if 'min_ms' in kv else None,
                     'max_ms': float(kv['max_ms']) if 'max_ms' in kv else None,
                     'repeats': int(kv.get('repeats', 0)), 'bytes': b, 'bytes_source': src,
                     'gbps': (b / (ms * 1e-3) / 1e9) if (b and ms > 0) else None}
                timings.append(t)
                n += 1
                continue
            m = CHECK.match(line)
            if m:
                checks.append({'file': f, 'check': m.group(1), 'ok': m.group(2) == 'ok', 'detail': m.group(3).strip()})
        if n == 0:
            problems.append('%s: no TIMING lines (see %s)' % (f, os.path.basename(path)))

    run_files = sorted({t['file'] for t in timings} | {c['file'] for c in checks})
    old = json.load(open(a.merge)) if a.merge else None
    if old is not None:
        timings = [t for t in old.get('timings', []) if t['file'] not in run_files] + timings
        checks = [c for c in old.get('checks', []) if c['file'] not in run_files] + checks
        problems = [q for q in old.get('notes', []) if q.split(':')[0] not in run_files] + problems
    by = {(t['file'], t['kernel']): t for t in timings}
    pairs = []
    if os.path.exists(a.fixes):
        for p in json.load(open(a.fixes)):
            s, x = by.get((p['file'], p['slow'])), by.get((p['file'], p['fixed']))
            q = dict(p)
            q['slow_ms'] = s and s['ms']
            q['fixed_ms'] = x and x['ms']
            q['speedup'] = (s['ms'] / x['ms']) if (s and x and x['ms'] > 0) else None
            pairs.append(q)

    header = {'date': datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ'),
              'profiled': not a.timing_only,
              'method': 'plain run with BENCH_TIMING=1 (not under ncu): 1 warm-up launch, then '
                        'the median of `repeats` launches each timed with cudaEventRecord/'
                        'cudaEventElapsedTime on the default stream (runtime-bench/kernels/bench.h)',
              'gbps': 'bytes / median time / 1e9 (bytes = useful bytes read+written)'}
    if a.versions and os.path.exists(a.versions) and read_versions:
        try:
            header.update({k: v for k, v in read_versions(a.versions).items() if k != 'ncu_version' or not a.timing_only})
        except Exception as e:  # noqa
            problems.append('versions: %s' % e)
    if a.timing_only:
        header['note'] = 'timing-only run: no Nsight Compute profile, measurements.json not written'
    if old is not None:
        run = {'files': run_files}
        run.update({k: header[k] for k in ('date', 'gpu', 'driver', 'nvcc_version') if k in header})
        header = dict(old['header'])
        header['added_runs'] = header.get('added_runs', []) + [run]
    out = {'header': header, 'timings': timings, 'fix_pairs': pairs, 'checks': checks, 'notes': problems}
    with open(a.output, 'w') as fh:
        json.dump(out, fh, indent=1)
    print('timings: %d kernels from %d files, %d checks (%d FAIL), %d fix pairs -> %s' % (
        len(timings), len({t['file'] for t in timings}), len(checks),
        sum(not c['ok'] for c in checks), len(pairs), a.output))
    for q in pairs:
        print('  %-16s %-24s %9s ms -> %-22s %9s ms  x%s' % (q['file'], q['slow'], q['slow_ms'], q['fixed'],
              q['fixed_ms'], q['speedup'] and round(q['speedup'], 2)))
    if meas is not None and old is None:
        meas['header']['timing'] = {'pass': 'separate plain run before the ncu pass (BENCH_TIMING=1)',
                                    'file': 'timings.json', 'kernels_timed': len(timings),
                                    'repeats': sorted({t['repeats'] for t in timings}),
                                    'method': header['method'],
                                    'checks_failed': sum(not c['ok'] for c in checks)}
        meas['header']['profiled'] = True
        with open(a.measurements, 'w') as fh:
            json.dump(meas, fh, indent=1)


if __name__ == '__main__':
    main()
