// Preloaded (node --import) into the process main-job.bench.mjs measures: at exit, writes this
// process's own CPU time (user + system, ms) and peak RSS to the file named by
// TOOLSHIFT_BENCH_CPU_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.TOOLSHIFT_BENCH_CPU_FILE;
if (file) {
  process.on('exit', () => {
    const cpu = process.cpuUsage();
    writeFileSync(
      file,
      JSON.stringify({
        userMs: cpu.user / 1e3,
        systemMs: cpu.system / 1e3,
        maxRssMb: Math.round(process.resourceUsage().maxRSS / 1e3),
      }),
    );
  });
}
