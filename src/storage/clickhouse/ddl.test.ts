import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clusterDdl, singleNodeDdl } from './ddl.js';
import { HOT_FIELDS, LOG_COLUMNS, MESSAGE_PAIRS_SQL } from './log-table-schema.js';

describe('log table DDL', () => {
  const [logs, fields, values] = singleNodeDdl();

  it('renders one MergeTree ordered by account and time, with TTL, dedup window and the text index', () => {
    assert.match(logs ?? '', /^CREATE TABLE IF NOT EXISTS `logs` \(/);
    assert.match(
      logs ?? '',
      /\nENGINE = MergeTree\nORDER BY \(account, ts\)\nTTL toDateTime\(ts\) \+ toIntervalDay\(retention_days\) DELETE\n/,
    );
    assert.match(
      logs ?? '',
      /SETTINGS non_replicated_deduplication_window = 1000, merge_with_ttl_timeout = 3600, index_granularity = 1024, lightweight_mutation_projection_mode = 'rebuild'$/,
    );
    assert.ok(
      logs?.includes(
        'PROJECTION `day_counts` (SELECT account, toDate32(ts), type, f_path, count() GROUP BY account, toDate32(ts), type, f_path)',
      ),
    );
    assert.ok(
      logs?.includes(
        "INDEX `message_text` tokens(lower(message), 'asciiCJK') TYPE text(tokenizer = 'array', posting_list_codec = 'bitpacking') GRANULARITY 1",
      ),
    );
    assert.ok(
      logs?.includes(
        `INDEX \`message_pairs\` ${MESSAGE_PAIRS_SQL} TYPE text(tokenizer = 'array', posting_list_codec = 'bitpacking') GRANULARITY 1`,
      ),
    );
    assert.doesNotMatch(logs ?? '', /preprocessor/);
    assert.match(logs ?? '', /`ts` DateTime64\(3, 'UTC'\) CODEC\(Delta, LZ4\)/);
    assert.match(logs ?? '', /`str` Map\(LowCardinality\(String\), Nullable\(String\)\)/);
    for (const field of HOT_FIELDS) assert.ok(logs?.includes(`\`${field.column}\` ${field.sqlType}`), field.column);
    assert.match(
      fields ?? '',
      /^CREATE TABLE IF NOT EXISTS `log_fields` \([\s\S]*ENGINE = MergeTree\nORDER BY \(account, name, type, in_array\)$/,
    );
    assert.match(values ?? '', /^CREATE TABLE IF NOT EXISTS `log_values` \([\s\S]*ENGINE = MergeTree\nORDER BY \(account, field, value\)$/);
  });

  it('renders the cluster tables from the same columns: replicated locals under distributed tables', () => {
    const statements = clusterDdl({ cluster: 'logs_cluster', database: 'logward' });
    assert.equal(statements.length, 7);
    const [database, logsLocal, logsDistributed, fieldsLocal, fieldsDistributed, valuesLocal, valuesDistributed] = statements;
    assert.equal(database, 'CREATE DATABASE IF NOT EXISTS `logward` ON CLUSTER `logs_cluster`');
    assert.match(logsLocal ?? '', /^CREATE TABLE IF NOT EXISTS `logward`\.`logs_local` ON CLUSTER `logs_cluster` \(/);
    assert.match(
      logsLocal ?? '',
      /ENGINE = ReplicatedMergeTree\('\/clickhouse\/tables\/\{shard\}\/logward\/logs_local', '\{replica\}'\)\nORDER BY \(account, ts\)\nTTL toDateTime\(ts\)/,
    );
    // Replicated tables deduplicate by their own window; the non-replicated setting would be rejected.
    assert.doesNotMatch(logsLocal ?? '', /non_replicated_deduplication_window/);
    for (const column of LOG_COLUMNS) assert.ok(logsLocal?.includes(`\`${column.name}\` ${column.sqlType}`), column.name);
    assert.ok(logsLocal?.includes("INDEX `message_text` tokens(lower(message), 'asciiCJK')"));
    assert.equal(
      logsDistributed,
      'CREATE TABLE IF NOT EXISTS `logward`.`logs` ON CLUSTER `logs_cluster` AS `logward`.`logs_local`\nENGINE = Distributed(`logs_cluster`, `logward`, `logs_local`, sipHash64(id))',
    );
    assert.match(fieldsLocal ?? '', /ReplicatedMergeTree\('\/clickhouse\/tables\/\{shard\}\/logward\/log_fields_local', '\{replica\}'\)/);
    assert.match(fieldsDistributed ?? '', /Distributed\(`logs_cluster`, `logward`, `log_fields_local`, account\)$/);
    assert.match(
      valuesLocal ?? '',
      /ReplicatedMergeTree\('\/clickhouse\/tables\/\{shard\}\/logward\/log_values_local', '\{replica\}'\)\nORDER BY \(account, field, value\)$/,
    );
    assert.match(valuesDistributed ?? '', /Distributed\(`logs_cluster`, `logward`, `log_values_local`, account\)$/);
    // The word counts describe one server's parts: a cluster keeps none (decision 0723).
    assert.ok(statements.every((statement) => !statement.includes('log_word_counts')));
  });

  it('refuses names that are not plain identifiers', () => {
    assert.throws(() => clusterDdl({ cluster: 'x; DROP TABLE logs', database: 'logward' }), /invalid identifier/);
  });
});
