import { Session } from 'chdb';
import fs from 'node:fs';
fs.rmSync('/tmp/chc/d6',{recursive:true,force:true});
const s = new Session('/tmp/chc/d6', { connectionArgs: ['--config-file=/tmp/chc/cfg3.xml'] });
const t0=Date.now();
async function q(sql){ try { const r = await s.queryAsync(sql, 'TSV'); console.log('OK ', sql.slice(0,150).replace(/\n/g,' '), '=>', r.text().slice(0,300).replace(/\n/g,' | '), Date.now()-t0); } catch(e){ console.log('ERR', sql.slice(0,150).replace(/\n/g,' '), '=>', String(e.message).slice(0,250).replace(/\n/g,' '), Date.now()-t0); } }
await q("CREATE TABLE t_rep (a UInt32, id String) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/t_rep','{replica}') ORDER BY a");
await q("SELECT engine_full FROM system.tables WHERE name='t_rep'");
await q("SELECT formatQuery('CREATE TABLE x ON CLUSTER c (a UInt8) ENGINE = ReplicatedMergeTree(\\'/p/{shard}/x\\', \\'{replica}\\') ORDER BY a')");
await q("SELECT formatQuery('DELETE FROM x_local ON CLUSTER c WHERE account = 1 SETTINGS lightweight_deletes_sync = 2')");
await q("SELECT formatQuery('KILL QUERY ON CLUSTER c WHERE query_id = \\'a\\' ASYNC')");
await q("DROP TABLE t_rep SYNC");
console.log('closing', Date.now()-t0);
s.close();
console.log('closed', Date.now()-t0);
process.exit(0);
