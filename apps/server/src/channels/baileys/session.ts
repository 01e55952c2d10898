import type { WACallEvent, WAMessage, WAMessageUpdate } from '@whiskeysockets/baileys';
import type { ConnectionStatus, InboundEvent, InboundMessage } from '../types';
import { clearAuthState, pnForLidFromStore, useDatabaseAuthState } from './auth-state';
import { digitsOf, isIgnoredChat, mapCall, mapMessageUpdate, mapUpsertMessage, timestampOf } from './map';
import type { BaileysSessionManager } from './sessions';
import type { BaileysSocketLike } from './socket';
import * as store from './store';

type Status = ConnectionStatus;

/** Boom errors carry the WhatsApp close code in output.statusCode. */
const closeCode = (err: unknown) =>
  (err as { output?: { statusCode?: number } } | undefined)?.output?.statusCode ??
  (err as { statusCode?: number } | undefined)?.statusCode;

const LOGGED_OUT = 401;
const FORBIDDEN = 403;
const MULTIDEVICE_MISMATCH = 411;
const CONNECTION_REPLACED = 440;
const RESTART_REQUIRED = 515;

/** What a route asks of a connection's session (carried out by the process that owns it). */
export type Command = 'restart' | 'newqr' | 'logout';

interface ImportRun {
  from: Date;
  to: Date;
  startAt: number;
  buffered: WAMessage[];
  done: number;
  all: number;
  finished: boolean;
  timer?: NodeJS.Timeout;
  ticketIds: Set<number>;
}

/** One connection's socket and its event handling (serialized: events are handled one at a time, in order). */
export class Session {
  sock?: BaileysSocketLike;
  status: Status = 'OPENING';
  private closed = false;
  private qrShown = 0;
  private reconnects = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();
  private readonly groupNames = new Map<string, string>();
  private readonly mergedLids = new Set<string>();
  private registered = false;
  private importRun?: ImportRun;

  constructor(
    private readonly manager: BaileysSessionManager,
    public conn: store.SessionConnection,
  ) {}

  get id() {
    return this.conn.id;
  }

  private get opts() {
    return this.manager.opts;
  }

  private get log() {
    return this.opts.logger;
  }

  async refreshSettings() {
    const fresh = await store.loadSessionConnection(this.manager.db, this.id);
    if (fresh) this.conn = fresh;
  }

  private async setState(status: Status, extra: { qrcode?: string; retries?: number; number?: string } = {}) {
    this.status = status;
    await this.opts.ingest.connectionState({ connectionId: this.id, status, ...extra });
  }

  /** Runs `fn` after every event handled before it. */
  private enqueue(fn: () => Promise<void>) {
    this.chain = this.chain.then(fn).catch((err) => this.log?.error({ err, connectionId: this.id }, 'baileys event failed'));
    return this.chain;
  }

  /** Waits until every event received so far has been handled (tests). */
  idle() {
    return this.chain;
  }

  async open() {
    if (this.closed) return;
    const auth = await useDatabaseAuthState(this.manager.db, { whatsappId: this.id, companyId: this.conn.companyId });
    this.registered = Boolean(auth.state.creds.registered || auth.state.creds.me);
    await this.setState('OPENING', { qrcode: '' });
    const wantsHistory = Boolean(this.conn.importOldMessages);
    const sock = await this.opts.socketFactory({ connectionId: this.id, auth: auth.state, syncFullHistory: wantsHistory });
    if (this.closed) {
      sock.end(undefined);
      return;
    }
    this.sock = sock;
    const ev = sock.ev;
    ev.on('creds.update', () => void this.enqueue(() => auth.saveCreds()));
    ev.on('connection.update', (u) => void this.enqueue(() => this.onConnection(sock, u)));
    ev.on('messages.upsert', (u) => void this.enqueue(() => this.onUpsert(u.messages, u.type)));
    ev.on('messages.update', (u) => void this.enqueue(() => this.onUpdate(u)));
    ev.on('call', (calls) => void this.enqueue(() => this.onCalls(calls)));
    ev.on('messaging-history.set', (h) => {
      const mappings = h.lidPnMappings ?? [];
      if (mappings.length > 0) {
        void this.enqueue(async () => {
          for (const m of mappings.slice(0, 5_000)) await this.onLidMapping(m.lid, m.pn);
        });
      }
      void this.enqueue(() => this.onHistory(h.messages, Boolean(h.isLatest), h.progress));
    });
    ev.on('messaging-history.status', (s) => {
      if (s.status === 'complete') void this.enqueue(() => this.onHistoryComplete());
    });
    ev.on('lid-mapping.update', (m) => void this.enqueue(() => this.onLidMapping(m.lid, m.pn)));
    ev.on('groups.upsert', (groups) => {
      for (const g of groups) if (g.id && g.subject) this.groupNames.set(g.id, g.subject);
    });
    ev.on('groups.update', (groups) => {
      for (const g of groups) if (g.id && g.subject) this.groupNames.set(g.id, g.subject);
    });
  }

  /** Closes the socket without logging out (shutdown, lease lost, restart). */
  async close() {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.importRun?.timer) clearTimeout(this.importRun.timer);
    const sock = this.sock;
    this.sock = undefined;
    try {
      sock?.end(undefined);
    } catch {
      /* already closed */
    }
    await this.chain.catch(() => undefined);
  }

  /** Logs out on WhatsApp (the phone forgets this device), forgets the pairing, DISCONNECTED. */
  async logout() {
    const sock = this.sock;
    this.closed = true;
    this.sock = undefined;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    try {
      await withTimeout(sock?.logout() ?? Promise.resolve(), 10_000);
    } catch (err) {
      this.log?.warn({ err, connectionId: this.id }, 'baileys logout failed (the pairing is forgotten anyway)');
      try {
        sock?.end(undefined);
      } catch {
        /* closed */
      }
    }
    await this.chain.catch(() => undefined);
    await clearAuthState(this.manager.db, this.id);
    await this.setState('DISCONNECTED', { qrcode: '', retries: 0 });
  }

  private async end(status: Status, opts: { clearAuth?: boolean } = {}) {
    this.closed = true;
    const sock = this.sock;
    this.sock = undefined;
    try {
      sock?.end(undefined);
    } catch {
      /* closed */
    }
    if (opts.clearAuth) await clearAuthState(this.manager.db, this.id);
    await this.setState(status, { qrcode: '', retries: 0 });
    await this.manager.forget(this.id, this);
  }

  private async onConnection(sock: BaileysSocketLike, u: Partial<import('@whiskeysockets/baileys').ConnectionState>) {
    if (this.closed || sock !== this.sock) return;
    if (u.qr) {
      this.qrShown++;
      await this.setState('qrcode', { qrcode: u.qr, retries: this.qrShown });
    }
    if (u.isNewLogin) {
      this.registered = true;
      await this.setState('PAIRING', { qrcode: '' });
      await this.prepareImport();
    }
    if (u.connection === 'open') {
      this.reconnects = 0;
      this.qrShown = 0;
      this.registered = true;
      const number = sock.user?.id ? digitsOf(sock.user.id) : undefined;
      await this.setState('CONNECTED', { qrcode: '', retries: 0, ...(number ? { number } : {}) });
      return;
    }
    if (u.connection !== 'close') return;
    this.sock = undefined;
    const code = closeCode(u.lastDisconnect?.error);
    if (code === LOGGED_OUT || code === FORBIDDEN || code === MULTIDEVICE_MISMATCH) {
      this.log?.info({ connectionId: this.id, code }, 'baileys session logged out');
      return this.end('DISCONNECTED', { clearAuth: true });
    }
    if (code === CONNECTION_REPLACED) {
      const owner = await store.leaseOwner(this.manager.db, this.id);
      if (owner && owner !== this.manager.owner) {
        // Replaced by the process that took the lease over (this one stopped renewing): it runs the connection now,
        // so its status is left alone; the next renewal here finds the lease gone and drops this session.
        this.log?.warn({ connectionId: this.id, owner }, 'baileys socket replaced by the new lease owner');
        this.closed = true;
        return;
      }
      return this.end('DISCONNECTED');
    }
    if (!this.registered && this.qrShown > 0) {
      // The QR codes ran out without a scan: the admin asks for a new one.
      return this.end('DISCONNECTED');
    }
    if (code === RESTART_REQUIRED) {
      // After pairing WhatsApp asks for a fresh connection with the new credentials.
      return this.reopen(0);
    }
    this.reconnects++;
    if (this.reconnects > this.opts.maxReconnects) return this.end('DISCONNECTED');
    const delay = Math.min(this.opts.backoffMaxMs, this.opts.backoffBaseMs * 2 ** (this.reconnects - 1));
    await this.setState('TIMEOUT', { retries: this.reconnects });
    this.reopen(delay);
  }

  private reopen(delayMs: number) {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.closed) void this.open().catch((err) => this.log?.error({ err, connectionId: this.id }, 'baileys reopen failed'));
    }, delayMs);
    this.reconnectTimer.unref?.();
  }

  // ─── inbound ───────────────────────────────────────────────────────────────

  private ctx() {
    return { connectionId: this.id, groupName: (jid: string) => this.groupNames.get(jid) };
  }

  /** Group messages become tickets only when the connection's groupAsTicket is enabled (issue 6). */
  private groupAllowed(evt: InboundEvent) {
    return evt.kind !== 'message' || !evt.isGroup || this.conn.groupAsTicket === 'enabled';
  }

  /** Group subjects not seen in groups.upsert yet: asked once from WhatsApp (best effort). */
  private async learnGroupNames(messages: WAMessage[]) {
    if (this.conn.groupAsTicket !== 'enabled' || !this.sock?.groupMetadata) return;
    for (const m of messages) {
      const jid = m.key?.remoteJid;
      if (!jid?.endsWith('@g.us') || this.groupNames.has(jid)) continue;
      const meta = await withTimeout(this.sock.groupMetadata(jid), 5_000).catch(() => null);
      this.groupNames.set(jid, meta?.subject || jid);
    }
  }

  private async onUpsert(messages: WAMessage[], _type: string) {
    await this.learnGroupNames(messages);
    const events: InboundEvent[] = [];
    for (const msg of messages) {
      for (const evt of mapUpsertMessage(msg, this.ctx())) if (this.groupAllowed(evt)) events.push(evt);
    }
    await this.deliver(events);
  }

  private async onUpdate(updates: WAMessageUpdate[]) {
    const events = updates.flatMap((u) => mapMessageUpdate(u, this.ctx()));
    await this.deliver(events);
  }

  private async onCalls(calls: WACallEvent[]) {
    for (const call of calls) {
      const evt = mapCall(call, this.ctx());
      if (!evt) continue;
      await this.deliver([evt]);
      if (this.conn.acceptCallWhatsapp !== 'disabled') continue;
      const sock = this.sock;
      if (!sock) continue;
      try {
        await withTimeout(sock.rejectCall(call.id, call.from), this.opts.sendTimeoutMs);
        const text = this.conn.acceptCallWhatsappMessage.trim();
        if (text) {
          const sent = await withTimeout(sock.sendMessage(call.from, { text }), this.opts.sendTimeoutMs);
          if (sent) await this.deliver(mapUpsertMessage(sent, this.ctx()));
        }
      } catch (err) {
        this.log?.warn({ err, connectionId: this.id }, 'answering a refused call failed');
      }
    }
  }

  private async onLidMapping(lid: string, pn: string) {
    if (!lid || !pn) return;
    await this.opts.ingest.learnLid(this.conn.companyId, { lid: normalizeLid(lid), number: digitsOf(pn) });
  }

  /**
   * Identities first (a LID-only sender gets the number WhatsApp or our contacts know for it; a sender with both
   * addresses merges a contact first created under the LID), then ingest.
   */
  async deliver(events: InboundEvent[]) {
    if (events.length === 0) return;
    for (const evt of events) if (evt.kind === 'message') await this.resolveIdentity(evt);
    await this.opts.ingest.ingest(events);
  }

  private async resolveIdentity(evt: InboundMessage) {
    const db = this.manager.db;
    const companyId = this.conn.companyId;
    if (evt.from.endsWith('@lid')) {
      const lid = evt.from;
      const known =
        (await this.opts.ingest.numberForLid(companyId, lid)) ??
        (await pnForLidFromStore(db, this.id, digitsOf(lid)).then((pn) => (pn ? digitsOf(pn) : null))) ??
        (await this.sock?.signalRepository?.lidMapping
          ?.getPNForLID(lid)
          .then((pn) => (pn ? digitsOf(pn) : null))
          .catch(() => null)) ??
        null;
      if (known) evt.from = known;
      evt.fromLid = lid;
      if (known && !known.endsWith('@lid')) await this.mergeOnce(lid, known);
      return;
    }
    if (evt.fromLid) await this.mergeOnce(evt.fromLid, evt.from);
  }

  private async mergeOnce(lid: string, number: string) {
    const key = `${lid}>${number}`;
    if (this.mergedLids.has(key)) return;
    await this.opts.ingest.learnLid(this.conn.companyId, { lid, number });
    if (this.mergedLids.size > 5000) this.mergedLids.clear();
    this.mergedLids.add(key);
  }

  // ─── history import (seed 001 §5 dates, §9 35 s preparing) ──────────────────

  private async prepareImport() {
    const from = this.conn.importOldMessages;
    if (!from || this.importRun) return;
    const to = this.conn.importRecentMessages ?? new Date();
    const startedAt = Date.now();
    this.importRun = {
      from,
      to,
      startAt: startedAt + this.opts.importPreparingMs,
      buffered: [],
      done: 0,
      all: 0,
      finished: false,
      ticketIds: new Set(),
    };
    // The client shows 'preparing' for 35 s after this timestamp.
    const companyId = await store.setImportStatus(this.manager.db, this.id, String(startedAt));
    if (companyId) this.opts.publishImport?.(companyId, { action: 'refresh' });
  }

  private async onHistory(messages: WAMessage[], isLatest: boolean, progress: number | null | undefined) {
    const run = this.importRun;
    if (!run || run.finished) return;
    const wanted = messages.filter((m) => {
      if (!m.message || !m.key?.id || isIgnoredChat(m.key.remoteJid)) return false;
      const at = timestampOf(m).getTime();
      if (at < run.from.getTime() || at > run.to.getTime()) return false;
      if (m.key.remoteJid?.endsWith('@g.us') && !this.conn.importOldMessagesGroups) return false;
      return true;
    });
    run.buffered.push(...wanted);
    run.all += wanted.length;
    if (isLatest || progress === 100) await this.scheduleImport();
  }

  private async onHistoryComplete() {
    await this.scheduleImport();
  }

  private scheduleImport() {
    const run = this.importRun;
    if (!run || run.finished || run.timer) return;
    const wait = Math.max(0, run.startAt - Date.now());
    run.timer = setTimeout(() => void this.enqueue(() => this.runImport()), wait);
    run.timer.unref?.();
  }

  /** Imports the buffered history, oldest first, into the import queue; progress on `importMessages-{companyId}`. */
  async runImport() {
    const run = this.importRun;
    if (!run || run.finished) return;
    const db = this.manager.db;
    const companyId = this.conn.companyId;
    await store.setImportStatus(db, this.id, 'Running');
    const messages = run.buffered.splice(0).sort((a, b) => timestampOf(a).getTime() - timestampOf(b).getTime());
    const publish = () =>
      this.opts.publishImport?.(companyId, {
        action: 'update',
        status: { this: run.done, all: run.all, date: new Date().toISOString() },
      });
    for (let i = 0; i < messages.length; i += 50) {
      if (this.closed) return;
      const batch: InboundEvent[] = [];
      for (const m of messages.slice(i, i + 50)) {
        for (const evt of mapUpsertMessage(m, this.ctx())) {
          if (evt.kind === 'message' && evt.isGroup && !this.conn.importOldMessagesGroups) continue;
          if (!this.groupAllowed(evt)) continue;
          batch.push(evt);
        }
      }
      for (const evt of batch) if (evt.kind === 'message') await this.resolveIdentity(evt);
      const outcomes = await this.opts.ingest.ingest(batch);
      const touched = outcomes.flatMap((o) => (o.kind === 'message' && !o.duplicate ? [o.ticketId] : []));
      for (const t of touched) run.ticketIds.add(t);
      await this.opts.ingest.markImported(companyId, touched, this.conn.queueIdImportMessages);
      run.done += Math.min(50, messages.length - i);
      publish();
    }
    run.finished = true;
    if (this.conn.closedTicketsPostImported) {
      await this.opts.ingest.closeImported(companyId, this.id);
      await store.setImportStatus(db, this.id, '');
    } else {
      await store.setImportStatus(db, this.id, 'renderButtonCloseTickets');
    }
    this.opts.publishImport?.(companyId, { action: 'refresh' });
  }
}

const normalizeLid = (lid: string) => (lid.includes('@') ? lid.replace(/:\d+@/, '@') : `${lid}@lid`);

export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(Object.assign(new Error(`timed out after ${ms} ms`), { code: 'TIMEOUT' })), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
