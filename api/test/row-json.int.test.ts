import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowFromJson, rowJson } from '@cr/core/db/row-json';
import { chainHead } from '@cr/core/db/schema/chain.schema';
import { governanceState } from '@cr/core/db/schema/council.schema';
import { suiteDatabase } from './test-database';

// A row read as one JSON value (rowJson) comes back as drizzle reads its columns: exact wei, bigints, instants
// to the millisecond, nulls, and null for a left join that found nothing.
const database = suiteDatabase();

describe('rowJson / rowFromJson', () => {
  it('reads a row as drizzle reads its columns, numeric wei exactly', async () => {
    const { db } = database();
    await db.delete(governanceState);
    await db.insert(governanceState).values({
      id: 1,
      votingPeriodBlocks: 9_007_199_254_740_991,
      termLengthBlocks: null,
      circulatingSupplyWei: '123456789012345678901234567890123456789012345678901234567890123456789012345678',
      vetoThresholdBps: 1000,
      secretaryDid: 'did:elastos:ix "quoted" \\ and\na new line',
      updatedAt: new Date('2026-07-13T10:39:13.767Z'),
    });
    const [columns] = await db.select().from(governanceState);
    const [json] = await db
      .select({ row: sql<Record<string, unknown>>`${rowJson(governanceState)}` })
      .from(governanceState);
    const back = rowFromJson(governanceState, json!.row);
    expect(back).toEqual(columns);
    expect(back.circulatingSupplyWei).toBe(columns!.circulatingSupplyWei);
    expect(back.updatedAt).toBeInstanceOf(Date);
    expect(back.updatedAt.toISOString()).toBe('2026-07-13T10:39:13.767Z');
  });

  it('answers null for a left join that found nothing', async () => {
    const { db } = database();
    await db.delete(chainHead);
    const [found] = await db
      .select({ head: sql<Record<string, unknown> | null>`${rowJson(chainHead, chainHead.chainId)}` })
      .from(governanceState)
      .leftJoin(chainHead, eq(chainHead.chainId, 4242));
    expect(found!.head).toBeNull();
    await db.insert(chainHead).values({ chainId: 4242, height: 123_456, hash: '0xab', avgBlockMs: null });
    const [columns] = await db.select().from(chainHead);
    const [again] = await db
      .select({ head: sql<Record<string, unknown>>`${rowJson(chainHead, chainHead.chainId)}` })
      .from(governanceState)
      .leftJoin(chainHead, eq(chainHead.chainId, 4242));
    expect(rowFromJson(chainHead, again!.head)).toEqual(columns);
  });
});
