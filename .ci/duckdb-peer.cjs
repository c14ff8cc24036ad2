// DuckDB as the peer of .ci/bench: runs each query given as NAME=SQL in one in-process
// DuckDB (the Node API, @duckdb/node-api) three times and prints, per query, a line in Go's
// benchmark format with the least process CPU time of the three (DuckDB's worker threads
// run in this process, so process.cpuUsage counts them):
//   DuckDB<NAME> 1 <ms> cpu-ms <rows> rows
// The first run also warms the file cache for the others.
const { DuckDBInstance } = require('@duckdb/node-api');
(async () => {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  for (const arg of process.argv.slice(2)) {
    const eq = arg.indexOf('=');
    const name = arg.slice(0, eq), sql = arg.slice(eq + 1);
    let best = Infinity, rows = 0;
    for (let i = 0; i < 3; i++) {
      const t0 = process.cpuUsage();
      const r = await c.runAndReadAll(sql);
      const d = process.cpuUsage(t0);
      best = Math.min(best, (d.user + d.system) / 1000);
      rows = r.getRows().length;
    }
    console.log(`DuckDB${name} 1 ${best.toFixed(1)} cpu-ms ${rows} rows`);
  }
})().catch(e => { console.error(e.message); process.exit(1); });
