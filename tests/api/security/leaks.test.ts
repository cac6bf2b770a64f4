import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient, validUser } from '../../support/api-client';
import { created } from '../../support/fixtures';
import { createRole, userWithRole } from '../../support/personas';
import { admin, setUpSecurityApp, testApp } from './setup';

setUpSecurityApp();

describe('password hashes never leave the server', () => {
  const FORBIDDEN = /password_?hash|\$argon2/i;

  it('appear in no answer of any GET route, read from the router, walked as the admin', async () => {
    const ids = await seedOneOfEverything();
    const reads = testApp.app.apiRoutes.filter((route) => route.method === 'GET');
    expect(reads.length).toBeGreaterThan(30);
    const walked: string[] = [];
    for (const route of reads) {
      const url =
        route.url.replaceAll(/:(\w+)/g, (_param, name: string) => {
          const id = idFor(route.url, name, ids);
          if (!id) throw new Error(`No id to substitute for :${name} in ${route.url}: add it here`);
          return id;
        }) + queryFor(route.url, ids);
      const reply = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { cookie: admin.sessionCookie ?? '' },
      });
      expect({ url, status: reply.statusCode }).toEqual({ url, status: 200 });
      expect(reply.body.length, url).toBeGreaterThan(0);
      expect(reply.body, url).not.toMatch(FORBIDDEN);
      walked.push(url);
    }
    expect(walked).toContain('/api/admin/users');
    expect(walked).toContain('/api/auth/user');
  });

  it('appear in no answer to creating or changing a user', async () => {
    const created = await admin.post<{ id: string }>('/api/admin/users', {
      username: 'hash_probe',
      email: 'hash_probe@bakery.ng',
      password: 'correct-horse-1',
      firstName: 'Hash',
      lastName: 'Probe',
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toMatch(FORBIDDEN);
    const changed = await admin.patch(`/api/admin/users/${created.body.id}`, {
      password: 'another-horse-2',
    });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(changed.body)).not.toMatch(FORBIDDEN);
    const registered = await new ApiClient(testApp).post(
      '/api/auth/register',
      validUser('hash_reg'),
    );
    expect(JSON.stringify(registered.body)).not.toMatch(FORBIDDEN);
  });
});

interface SeededIds {
  item: string;
  batch: string;
  distributor: string;
  /** A payment, for its receipt (which names who received it). */
  payment: string;
  /** A statement link's token (issue 19), for the public statement. */
  statementToken: string;
}

/** The record each `:param` of a GET route stands for, by the route's path. */
function idFor(url: string, param: string, ids: SeededIds): string | undefined {
  if (param === 'token') return ids.statementToken;
  if (param !== 'id') return undefined;
  if (url.startsWith('/api/inventory/')) return ids.item;
  if (url.startsWith('/api/production-batches/')) return ids.batch;
  if (url.startsWith('/api/distributors/')) return ids.distributor;
  if (url.startsWith('/api/distributor-payments/')) return ids.payment;
  return undefined;
}

/** The query a GET route cannot answer without. */
function queryFor(url: string, ids: SeededIds): string {
  if (url === '/api/bread-prices/for-sale') {
    return `?distributorId=${ids.distributor}&recipeName=Agege%20Bread`;
  }
  if (url === '/api/distributors/:id/reminders/preview') return '?kind=reminder';
  return '';
}

/** Something in every table, so every GET route has rows to answer with. */
async function seedOneOfEverything(): Promise<SeededIds> {
  const flour = await created(
    admin.post('/api/inventory', {
      name: 'Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 100,
      minStock: 200,
      unitCost: 1000,
    }),
  );
  await created(
    admin.post('/api/purchase-orders', {
      supplier: 'Golden Penny Mills',
      items: [{ itemId: flour.id, quantity: 10, totalCost: 10_000 }],
    }),
  );
  const recipe = await created(
    admin.post('/api/recipes', {
      name: 'Agege Bread',
      ingredients: [{ itemId: flour.id, quantity: 1, unit: 'kg' }],
    }),
  );
  const batch = await created(
    admin.post('/api/production-batches', {
      recipeId: recipe.id,
      flourKg: 2,
      batchNumber: 'SEC-1',
    }),
  );
  const done = await admin.patch(`/api/production-batches/${batch.id}`, {
    status: 'completed',
    loavesProduced: 50,
  });
  if (done.status !== 200) throw new Error(JSON.stringify(done.body));
  const distributor = await created(
    admin.post('/api/distributors', {
      name: 'Mama Put',
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 000 0000',
    }),
  );
  await created(
    admin.post('/api/sales-transactions', {
      distributorId: distributor.id,
      recipeName: 'Agege Bread',
      loavesTaken: 10,
      pricePerLoaf: 500,
      amountPaid: 1000,
    }),
  );
  const payment = await created(
    admin.post('/api/distributor-payments', { distributorId: distributor.id, amount: 500 }),
  );
  await created(
    admin.post('/api/bread-returns', {
      distributorId: distributor.id,
      recipeName: 'Agege Bread',
      loavesReturned: 1,
      pricePerLoaf: 500,
      reason: 'spoiled',
    }),
  );
  const roleId = await createRole(admin, 'Security Readers', {
    canRead: true,
    canWrite: false,
    canDelete: false,
  });
  await userWithRole(testApp, admin, 'reader', roleId);
  const link = await created(
    admin.post<{ url: string }>(`/api/distributors/${distributor.id}/statement-links`, {
      expiresInDays: 7,
    }),
  );
  return {
    item: flour.id,
    batch: batch.id,
    distributor: distributor.id,
    payment: payment.id,
    statementToken: link.url.split('/s/')[1] ?? '',
  };
}

describe('SQL is built only with parameters', () => {
  const SERVER = resolve('src/server');

  /**
   * SQL text that the scan cannot prove constant by itself. Each entry names
   * the file and a piece of the call, and says why no input can reach the text.
   */
  const ALLOWED: { file: string; snippet: string; why: string }[] = [
    {
      file: 'src/server/db/backup/dump.ts',
      snippet: 'sql.raw(`fetch forward $',
      why: 'FETCH_ROWS is a numeric constant of the module',
    },
    {
      file: 'src/server/db/backup/migrations.ts',
      snippet: "sql.raw(dropRelation[kind] ?? 'table')",
      why: 'one of the fixed keywords of the dropRelation table, chosen by the catalog kind',
    },
    {
      file: 'src/server/db/backup/migrations.ts',
      snippet: "sql.raw(kind === 'd' ? 'domain' : 'type')",
      why: 'one of two fixed keywords',
    },
    {
      file: 'src/server/db/backup/migrations.ts',
      snippet: 'sql.raw(`drop $',
      why:
        "a fixed keyword and a signature PostgreSQL itself wrote (format('%I.%I(%s)') with " +
        'pg_get_function_identity_arguments) for a routine in the catalog; no request reaches it',
    },
    {
      file: 'src/server/db/backup/migrations.ts',
      snippet: 'sql.raw(statement)',
      why: "the statements of the project's committed migration files, read by drizzle",
    },
    {
      file: 'src/server/db/raw-results.ts',
      snippet: 'execute(query)',
      why: "rowsOf's query is typed SQL: a drizzle sql`` object whose values are parameters",
    },
    {
      file: 'src/server/db/backup/load-rows.ts',
      snippet: 'execute(this.current.insert(',
      why: 'insertStatement returns sql`` with the JSON text as a parameter and identifiers quoted',
    },
  ];

  it('finds no sql.raw() and no SQL text made from anything but constants in src/server', () => {
    const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => relative(resolve('.'), join(SERVER, file)));
    expect(files.length).toBeGreaterThan(20);
    const unexplained = files.flatMap((file) =>
      sqlOffenders(readFileSync(file, 'utf8'))
        .filter(
          ({ text }) =>
            !ALLOWED.some((allowed) => allowed.file === file && text.includes(allowed.snippet)),
        )
        .map(({ line, text }) => `${file}:${line}: ${text}`),
    );
    expect(unexplained).toEqual([]);
  });

  it('would catch each way of splicing input into SQL', () => {
    // The text "${id}" inside the samples below, as it would appear in source code.
    const id = ['$', '{id}'].join('');
    const caught = (source: string) => sqlOffenders(source).length;
    expect(caught(`await db.execute(sql.raw('select ' + column));`)).toBe(1);
    expect(caught(`const where = sql\`id = ${id} and ${id}\`; sql.raw(text);`)).toBe(1);
    expect(caught(`await client.query(\`select * from users where id = '${id}'\`);`)).toBe(1);
    expect(caught(`await client.exec(\`delete from t where id = ${id}\`);`)).toBe(1);
    expect(caught(`await tx.execute(\`select ${id}\`);`)).toBe(1);
    expect(caught(`await pool.query('select * from t where id = ' + id);`)).toBe(1);
    expect(caught(`await pool.query(text, values);`)).toBe(1);
    expect(caught(`await tx.execute(sql\`select * from t where id = ${id}\`);`)).toBe(0);
    expect(caught(`await client.exec(\`SET TIME ZONE 'UTC'\`);`)).toBe(0);
    expect(caught(`await pool.query('select 1', []);`)).toBe(0);
    expect(caught(`const match = /a(b)/.exec(value);`)).toBe(0);
  });
});

/**
 * Each place in `source` where SQL text might be made from input: sql.raw(),
 * and .query()/.exec()/execute() given anything but drizzle's sql`` template
 * (whose ${} become parameters) or a literal without ${} or +.
 */
function sqlOffenders(source: string): { line: number; text: string }[] {
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const excerpt = (index: number) => source.slice(index, index + 90).replaceAll(/\s+/g, ' ');
  const offenders: { line: number; text: string }[] = [];
  for (const match of source.matchAll(/\bsql\s*\.\s*raw\s*\(/g)) {
    offenders.push({ line: lineOf(match.index), text: excerpt(match.index) });
  }
  for (const match of source.matchAll(/(\/\s*)?\.\s*(query|exec)\s*\(|\bexecute\s*\(/g)) {
    if (match[1] !== undefined) continue; // /regex/.exec(…) is not SQL.
    const rest = source.slice(match.index + match[0].length).trimStart();
    // sql.raw() is reported by itself above.
    if (/^sql\s*\.\s*raw\s*\(/.test(rest) || isConstantSqlArgument(rest)) continue;
    offenders.push({ line: lineOf(match.index), text: excerpt(match.index) });
  }
  return offenders;
}

function isConstantSqlArgument(argument: string): boolean {
  if (/^sql\s*`/.test(argument)) return true;
  const quote = argument[0];
  if (quote !== '`' && quote !== "'" && quote !== '"') return false;
  const end = argument.indexOf(quote, 1);
  if (end < 0) return false;
  const literal = argument.slice(1, end);
  if (quote === '`' && literal.includes('${')) return false;
  return /^\s*[),]/.test(argument.slice(end + 1));
}
