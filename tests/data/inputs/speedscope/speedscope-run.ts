// Drives speedscope's own importers and exporter (its src/, bundled by
// make.sh with esbuild; not part of flamechart):
//   node speedscope-run.js export FILE.cpuprofile OUT.speedscope.json
//   node speedscope-run.js totals FILE...   (speedscope or Hermes files)
// "totals" prints, per file and profile, what speedscope computes: the
// profile's total weight and every frame's self and total weight, in the
// profile's unit, as JSON.
import * as fs from 'fs'
import * as path from 'path'
import {importFromChromeCPUProfile, importFromOldV8CPUProfile} from './src/import/chrome'
import {importTraceEvents} from './src/import/trace-event'
import {exportProfileGroup, importSpeedscopeProfiles} from './src/lib/file-format'
import {Profile} from './src/lib/profile'

function read(file: string): any {
  return JSON.parse(fs.readFileSync(file, 'utf8'))
}

function frames(p: Profile) {
  const out: any[] = []
  p.forEachFrame(f => {
    out.push({
      name: f.name,
      file: f.file ?? '',
      line: f.line ?? 0,
      col: f.col ?? 0,
      self: f.getSelfWeight(),
      total: f.getTotalWeight(),
    })
  })
  return out
}

const [cmd, ...args] = process.argv.slice(2)
if (cmd === 'export') {
  const [input, output] = args
  const raw = read(input)
  // the legacy shape (a head tree) has its own importer, as in speedscope
  const profile = raw.head ? importFromOldV8CPUProfile(raw) : importFromChromeCPUProfile(raw)
  profile.setName(path.basename(input))
  const file = exportProfileGroup({name: path.basename(input), indexToView: 0, profiles: [profile]})
  fs.writeFileSync(output, JSON.stringify(file) + '\n')
} else if (cmd === 'totals') {
  const result: any = {}
  for (const file of args) {
    const raw = read(file)
    const group = raw.$schema ? importSpeedscopeProfiles(raw) : importTraceEvents(raw)
    result[path.basename(path.dirname(file)) + '/' + path.basename(file)] = group.profiles.map(p => ({
      name: p.getName(),
      unit: p.getWeightUnit(),
      total: p.getTotalWeight(),
      frames: frames(p),
    }))
  }
  process.stdout.write(JSON.stringify(result, null, 1) + '\n')
} else {
  process.stderr.write('usage: speedscope-run.js export|totals ...\n')
  process.exit(1)
}
