import { streamId, type Collection, type Doc, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';

/** A document that follows one stream: the revision of that stream's last event folded in. */
export interface FoldedDoc extends Doc {
  _id: string;
  revision: number;
}

/**
 * A read model whose documents each follow one stream, written as a fold: `evolve(doc, event)` gives the document
 * after the event (null before the stream's first event; the same document, or null, when the event changes
 * nothing). It is pure; `applyFold` keeps the rest: it reads the document, skips an event of its stream folded in
 * before (the runner delivers at least once), and writes the document with the event's revision.
 */
export interface Fold<D extends FoldedDoc> {
  readonly collection: string;
  /**
   * The document an event is folded into, and whether the event is of that document's own stream (its revision
   * guards it). By default the document of the event's stream. An event of another stream (a payment's answer
   * about its order) names its document itself and guards itself inside `evolve`; null: no document.
   */
  documentOf?(event: RecordedEvent): { id: string; ownStream: boolean } | null;
  evolve(doc: D | null, event: RecordedEvent): D | null;
  /**
   * A last step that reads the collection's other documents (a product's address must be one no other product has):
   * given the document `evolve` gave and the one before it, the document to write.
   */
  settle?(next: D, previous: D | null, documents: Collection<D>): Promise<D>;
}

/** Folds one event into its document: at most one read and one write, and nothing for an event folded in before. */
export async function applyFold<D extends FoldedDoc>(fold: Fold<D>, event: RecordedEvent, store: DocumentStore): Promise<void> {
  const target = fold.documentOf === undefined ? { id: streamId(event.streamName), ownStream: true } : fold.documentOf(event);
  if (target === null) return;
  const documents = store.collection<D>(fold.collection);
  const doc = await documents.findOne({ _id: target.id });
  if (target.ownStream && doc !== null && doc.revision >= event.revision) return;
  const evolved = fold.evolve(doc, event);
  if (evolved === null || (evolved === doc && !target.ownStream)) return;
  const next = fold.settle === undefined ? evolved : await fold.settle(evolved, doc, documents);
  await documents.replaceOne({ ...next, _id: target.id, revision: target.ownStream ? event.revision : next.revision });
}
