#!/usr/bin/env node
// Independent expectations for a Chrome trace, written from input-rules §C and
// devtools-rules §8 without looking at the C importer: one line per sampled
// thread, ordered by start time:
//   pid tid samples nodes start_us end_us
// Rules: Profile + ProfileChunk joined per (pid, id), chunks in ts order
// (stable), chunks without args.data skipped, start = Profile ts, sample
// times = start + running sum of timeDeltas; end = ts of an {endTime}-only
// chunk, else last sample + average interval (rounded up). CpuProfile events
// carry a whole profile with its own startTime/endTime. Per thread the
// profile with source Internal, then Inspector, then most samples, then the
// first is shown. nodes counts a synthetic (unknown) node when samples name
// unknown ids. The trace is read by read-profiles.js, which the info --json
// oracle uses too.
'use strict';
const { readProfiles } = require('./read-profiles.js');
const read = readProfiles(process.argv[2]);
if (read.format !== 'trace') {
  process.stderr.write(`trace-expect.js: ${process.argv[2]}: not a Chrome trace\n`);
  process.exit(1);
}
for (const p of read.profiles) {
  console.log([p.pid, p.tid, p.samples.length, p.nodes.length, p.startTime, p.endTime].join(' '));
}
