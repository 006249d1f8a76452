/**
 * PostgreSQL's own account of where its time goes during a benchmark (pg_stat_statements, which the bench's
 * PostgreSQL preloads when PM_POSTGRES_STATEMENT_STATS=1): reset before a measure, read after it. Planning time is
 * listed apart from execution, since a statement sent with inlined values is planned on every call.
 */
import pg from 'pg';
import { formatTable } from './load.ts';

interface StatementRow {
  calls: string;
  exec_ms: string;
  plan_ms: string;
  mean_ms: string;
  rows: string;
  query: string;
}

export class StatementStats {
  private readonly databaseUrl: string;

  private constructor(databaseUrl: string) {
    this.databaseUrl = databaseUrl;
  }

  static async reset(databaseUrl: string): Promise<StatementStats> {
    await withClient(databaseUrl, async (client) => {
      await client.query('create extension if not exists pg_stat_statements');
      await client.query('select pg_stat_statements_reset()');
    });
    return new StatementStats(databaseUrl);
  }

  /** The statements with the most execution plus planning time since the reset, as a table. */
  async busiest(limit: number): Promise<string> {
    const rows = await withClient(this.databaseUrl, async (client) =>
      (await client.query<StatementRow>(
        `select calls, round(total_exec_time::numeric) as exec_ms, round(total_plan_time::numeric) as plan_ms,
                round((mean_exec_time + total_plan_time / greatest(calls, 1))::numeric, 3) as mean_ms, rows,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
           from pg_stat_statements where query not like '%pg_stat_statements%'
          order by total_exec_time + total_plan_time desc limit $1`,
        [limit],
      )).rows,
    );
    return formatTable(
      ['calls', 'exec ms', 'plan ms', 'ms/call', 'rows', 'statement'],
      rows.map((row) => [row.calls, row.exec_ms, row.plan_ms, row.mean_ms, row.rows, row.query]),
    );
  }
}

async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
