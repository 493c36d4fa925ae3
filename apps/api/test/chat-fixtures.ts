import type { ChatList } from '@kikstart/contract/chat';
import { addDays } from '@kikstart/contract/schedule';
import { body, type TestApp } from './test-app.ts';
import { createUserWithSession } from './user-fixtures.ts';
import { familyInProgram, programMeetingOn } from './coach-fixtures.ts';

/**
 * Chat tests' cast: a coach with one program, two families enrolled in it (who must never see
 * each other), an admin (the office), and a parent with no enrollment.
 */
export async function chatCast(t: TestApp) {
  const today = t.clock.now().toISOString().slice(0, 10);
  const coach = await createUserWithSession(t, { role: 'coach', firstName: 'Maria', lastName: 'Lopez' });
  const otherCoach = await createUserWithSession(t, { role: 'coach', firstName: 'Sam', lastName: 'Okafor' });
  const admin = await createUserWithSession(t, { role: 'admin', firstName: 'Office', lastName: 'Admin' });
  const program = await programMeetingOn(t, addDays(today, 0), { coachId: coach.userId });
  const one = await familyInProgram(t, program.id, { firstName: 'Leo' });
  const two = await familyInProgram(t, program.id, { firstName: 'Mia' });
  const loner = await createUserWithSession(t, { firstName: 'Nora', lastName: 'Kim' });
  return { coach, otherCoach, admin, program, one, two, loner };
}

export const chatList = async (t: TestApp, headers: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/chat/list', headers });
  if (res.statusCode !== 200) throw new Error(`chat list answered ${res.statusCode}: ${res.body}`);
  return body<ChatList>(res).data;
};

/** The conversation of a family's guardian with the coach (kind 'coach') or the office. */
export async function conversationWith(t: TestApp, headers: Record<string, string>, kind: 'coach' | 'office') {
  const list = await chatList(t, headers);
  const found = list.conversations.find((c) => c.kind === kind);
  if (!found) throw new Error(`no ${kind} conversation in ${JSON.stringify(list)}`);
  return found;
}

export const sendChat = (t: TestApp, headers: Record<string, string>, conversationId: string, text: string) =>
  t.app.inject({ method: 'POST', url: '/api/chat/send', headers, payload: { conversationId, body: text } });
