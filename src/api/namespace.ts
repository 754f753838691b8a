// What every namespace of the client is: a caller of its own operations of the contract, by name, with the
// method, kind (the retry rule) and path of its part of the table.
import type { AnyOp, HeadsOf } from '../contract/operation.ts';
import type { CallOptions, Envelope, Transport } from './transport.ts';

/** What an operation resolves with: its answer fields in the envelope, or the text of an HTML answer. */
export type Answer<A> = A extends string ? string : A & Envelope;

/** Calls an operation of the namespace by name: `call('gallery.get_items', params, options)`. */
export type OperationCaller<Ops> = <N extends keyof Ops & string>(
  name: N,
  params?: object,
  options?: CallOptions,
) => Promise<Answer<Ops[N] extends AnyOp ? Ops[N]['answer'] : never>>;

/**
 * A caller of the operations whose heads are given. A function, not a method of the transport, so a
 * bundle that never calls by name (the elements' own calls) leaves it out.
 */
export function operationCaller<Ops>(transport: Transport, heads: HeadsOf<Ops>): OperationCaller<Ops> {
  return ((name: keyof Ops & string, params?: object, options?: CallOptions) => {
    const { method, kind, path, answer } = heads[name];
    return answer === 'html'
      ? transport.callText(name, method, kind, path ?? name, params, options)
      : transport.call(name, method, kind, params, options);
  }) as OperationCaller<Ops>;
}

/** A namespace of the client (`client.gallery`, `client.asset`, …) over the heads of its contract file. */
export class Namespace<Ops> {
  protected readonly call: OperationCaller<Ops>;

  constructor(transport: Transport, heads: HeadsOf<Ops>) {
    this.call = operationCaller(transport, heads);
  }
}
