import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { professionSchema, skillsetSchema } from '@cr/contract/profile.contract';
import type { MemberDirectory, memberDirectoryQuerySchema } from '@cr/contract/team.contract';
import { toPerson } from './team-view';
import * as repo from './team.repo';

const PAGE_SIZE = 20;

/** The developer area's member search: by skill, profession, country and name; public profile fields only. */
export async function searchDirectory(
  deps: AppDeps,
  query: z.output<typeof memberDirectoryQuerySchema>,
): Promise<MemberDirectory> {
  const { rows, total } = await repo.searchDirectory(deps.database.db, {
    q: query.q || undefined,
    skillset: query.skillset,
    profession: query.profession,
    country: query.country,
    limit: PAGE_SIZE,
    offset: (query.page - 1) * PAGE_SIZE,
  });
  return {
    list: rows.map((r) => {
      const profession = professionSchema.safeParse(r.profession);
      const skillsets = Array.isArray(r.skillsets)
        ? r.skillsets.filter((s) => skillsetSchema.safeParse(s).success).map(String)
        : [];
      return {
        ...toPerson(r),
        country: r.country,
        profession: profession.success ? profession.data : null,
        skillsets,
      };
    }),
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}
