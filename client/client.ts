// The wire-level client, assembled: transport (transport.ts), session and tokens
// (session.ts), form posts (form-post.ts), registry calls (registry-call.ts) and storage
// state (storage-state.ts). Specs and fixtures import it, and its types, from here.
import type { EndpointId, PageId } from '../contracts/index.js';
import { submitPageForm, type FormOverridesOrBuilder, type FormPostOptions, type FormReply } from './form-post.js';
import { callEndpoint, prepareCall, type CallArgs, type CallResult, type ResponseOf } from './registry-call.js';
import { SessionClient } from './session.js';
import { jarToStorageState, loadStorageStateInto, type StorageState } from './storage-state.js';
import type { ClientOptions } from './transport.js';

export type { FormPostOptions, FormReply } from './form-post.js';
export { tokensIn } from './forms.js';
export type { CallArgs, CallResult, ResponseOf } from './registry-call.js';
export { isLoginRedirect } from './session.js';
export type { StorageState } from './storage-state.js';
export type { ClientOptions, RetryInfo } from './transport.js';

/** What a client needs of a target: where, who, which hall, and a remote target's run-wide cap. */
export type ClientTarget = Pick<ClientOptions, 'baseUrl' | 'email' | 'password' | 'hallId' | 'runSlots'>;

export class HbClient extends SessionClient {
  /** The one way to build a client for a target (the suite's, the tools'); `options` tune the wire. */
  static of(target: ClientTarget, options: Omit<Partial<ClientOptions>, keyof ClientTarget> = {}): HbClient {
    const { baseUrl, email, password, hallId, runSlots } = target;
    return new HbClient({ baseUrl, email, password, hallId, runSlots, ...options });
  }

  /** Post a page's own form as a browser would; see {@link submitPageForm}. */
  submitForm(
    pageId: PageId,
    params: Record<string, string | number> = {},
    overrides: FormOverridesOrBuilder = {},
    options: FormPostOptions = {},
  ): Promise<FormReply> {
    return submitPageForm(this, pageId, params, overrides, options);
  }

  /** Build the request of a registry endpoint without sending it; see {@link prepareCall}. */
  prepare<Id extends EndpointId>(id: Id, args: CallArgs<Id>): { path: string; body?: string } {
    return prepareCall(id, args);
  }

  /** Call a registry endpoint and hold its answer to the contract; see {@link callEndpoint}. */
  call<Id extends EndpointId>(id: Id, args: CallArgs<Id> = {} as CallArgs<Id>): Promise<CallResult<ResponseOf<Id>>> {
    return callEndpoint(this, id, args);
  }

  /** The jar as Playwright storage state, so a browser context can reuse this session. */
  toStorageState(): Promise<StorageState> {
    return jarToStorageState(this.jar);
  }

  /** Load Playwright storage state into the jar, so a session made by a browser serves this client. */
  loadStorageState(state: StorageState): Promise<void> {
    return loadStorageStateInto(this.jar, state);
  }
}
