/** The demo's accounts, one per role, set up the evening before the first day. */
import type { Transaction } from '../../db/connection';
import { roles, userRoles, users } from '../../db/schema';
import { DEMO_USERS } from '../catalog';
import type { Random } from '../random';
import { SETUP } from './calendar';
import type { Plan } from './simulate';

export type UserIds = Record<(typeof DEMO_USERS)[number]['username'], string>;

export function demoUserIds(ids: Random): UserIds {
  return Object.fromEntries(DEMO_USERS.map((u) => [u.username, ids.uuid()])) as UserIds;
}

/** The demo users, each given its starter role. */
export async function insertUsers(tx: Transaction, plan: Plan, passwordHash: string) {
  const { calendar, userIds } = plan;
  await tx.insert(users).values(
    DEMO_USERS.map((user, index) => ({
      id: userIds[user.username],
      username: user.username,
      email: user.email,
      passwordHash,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: user.isAdmin,
      createdAt: calendar.at(0, SETUP.users + index * 5),
      updatedAt: calendar.at(0, SETUP.users + index * 5),
    })),
  );
  const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
  const roleId = new Map(roleRows.map((role) => [role.name, role.id]));
  const assignments = DEMO_USERS.flatMap((user) => {
    const id = user.role ? roleId.get(user.role) : undefined;
    // A starter role an admin deleted is not brought back: that user simply has none.
    return id
      ? [
          {
            userId: userIds[user.username],
            roleId: id,
            assignedBy: userIds.demo,
            assignedAt: calendar.at(0, SETUP.roles),
          },
        ]
      : [];
  });
  if (assignments.length > 0) await tx.insert(userRoles).values(assignments);
}
