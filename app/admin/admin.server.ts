import { randomBytes } from "node:crypto";
import type { Db } from "~/db/client.server";
import { logger } from "~/lib/log.server";

/**
 * The admin area (spec §2, §6): users with their counts, searched and paged; the user switcher's
 * log of what admins changed in other users' events; registration codes.
 */
export const USERS_PER_PAGE = 50;
export const MAX_SEARCH = 100;

export async function listUsers(db: Db, search: string, page: number) {
  const where = search ? { OR: [{ email: { contains: search, mode: "insensitive" as const } }, { username: { contains: search, mode: "insensitive" as const } }] } : {};
  const [total, users] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      orderBy: { email: "asc" },
      skip: (page - 1) * USERS_PER_PAGE,
      take: USERS_PER_PAGE,
      select: {
        id: true,
        email: true,
        confirmed: true,
        registered: true,
        role: { select: { name: true } },
        events: { select: { lastUpdated: true }, orderBy: { lastUpdated: "desc" }, take: 1 },
        _count: { select: { events: true, tournaments: true } },
      },
    }),
  ]);
  return { total, pages: Math.max(1, Math.ceil(total / USERS_PER_PAGE)), users };
}

/** Records (database and log) that an admin changed something in another user's event. */
export async function logAdminAction(db: Db, adminId: number, userId: number, request: Request) {
  const path = new URL(request.url).pathname.slice(0, 300);
  logger.info({ adminId, userId, method: request.method, path }, "admin action in another user's event");
  await db.adminAction.create({ data: { adminId, userId, method: request.method.slice(0, 10), path } });
}

export function recentAdminActions(db: Db, take = 20) {
  return db.adminAction.findMany({ orderBy: { id: "desc" }, take, include: { admin: { select: { email: true } } } });
}

export async function createRegistrationCode(db: Db): Promise<string> {
  const code = randomBytes(9).toString("base64url");
  await db.registerCode.create({ data: { code } });
  return code;
}

export function registrationCodes(db: Db, take = 20) {
  return db.registerCode.findMany({ orderBy: { created: "desc" }, take });
}
