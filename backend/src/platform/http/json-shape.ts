import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { ApiErrorBody } from '@brewery/shop-rules';

/** How large a JSON body may be in shape, whatever its size in bytes (that is JSON_BODY_LIMIT). */
export interface JsonShapeLimits {
  /** Levels of nested objects and lists. */
  depth: number;
  /** Keys of one object. */
  keysPerObject: number;
  /** Items of one list. */
  listItems: number;
  /** Keys and list items in the whole body. */
  entries: number;
  /** Characters (UTF-16 code units) of one key or text. */
  textLength: number;
}

/** The largest JSON body the API reads; past it, 413 payload_too_large. */
export const JSON_BODY_LIMIT = '1mb';

/**
 * Far above any request the shop takes, far below what stalls it. A checkout is four levels deep, its largest
 * object (a cart line) a dozen keys and its cart at most 50 lines; the product form has 20 fields; a bulk action or
 * a label batch names at most 200 orders; the longest text is a pasted e-mail of at most 100,000 characters; a
 * Stripe event holds a few hundred keys in all. Validation copies a body into its DTO class at a cost that grows with
 * the square of an object's keys (90,000 unknown keys held the event loop for seconds), and then spends a little on
 * every key and item in all: at these limits a refused body costs the server a few milliseconds and one it
 * validates no more than a few more (a thousand-line cart, or ten objects of a thousand keys, cost 40 ms each and
 * let a few dozen senders stall it).
 */
export const JSON_SHAPE_LIMITS: JsonShapeLimits = {
  depth: 32,
  keysPerObject: 200,
  listItems: 500,
  entries: 2_500,
  textLength: 200_000,
};

export interface JsonShapeProblem {
  code: 'body_too_deep' | 'body_too_complex';
  message: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;

const isWhitespace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const count = (n: number): string => n.toLocaleString('en-AU');

/**
 * What is wrong with the shape of a JSON text, or null: read once, character by character, without building
 * anything, and given up at the first limit passed. It counts a container's members by its commas, so it reads
 * valid JSON exactly; what it makes of invalid JSON does not matter, as the parser refuses that next.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = JSON_SHAPE_LIMITS): JsonShapeProblem | null {
  const complex = (message: string): JsonShapeProblem => ({ code: 'body_too_complex', message: `The request body ${message}` });
  const tooManyEntries = (): JsonShapeProblem => complex(`holds more than ${count(limits.entries)} keys and list items in all`);
  // Of each container open here: its members so far, and whether it is a list.
  const members: number[] = [];
  const lists: boolean[] = [];
  let entries = 0;
  /** A value or key begins: the first member of its container counts here, the others at their commas. */
  const memberBegins = (): boolean => {
    const top = members.length - 1;
    if (top < 0 || members[top] !== 0) return true;
    members[top] = 1;
    entries += 1;
    return entries <= limits.entries;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (!memberBegins()) return tooManyEntries();
      let length = 0;
      for (i += 1; i < text.length && text.charCodeAt(i) !== QUOTE; length += 1) {
        i += text.charCodeAt(i) !== BACKSLASH ? 1 : text.charCodeAt(i + 1) === LETTER_U ? 6 : 2;
      }
      if (length > limits.textLength) return complex(`has a key or text longer than ${count(limits.textLength)} characters`);
    } else if (c === OPEN_OBJECT || c === OPEN_LIST) {
      if (!memberBegins()) return tooManyEntries();
      if (members.length + 1 > limits.depth) {
        return { code: 'body_too_deep', message: `The request body is nested more than ${limits.depth} levels deep` };
      }
      members.push(0);
      lists.push(c === OPEN_LIST);
    } else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
      members.pop();
      lists.pop();
    } else if (c === COMMA) {
      const top = members.length - 1;
      if (top < 0) continue;
      const inContainer = (members[top] ?? 0) + 1;
      members[top] = inContainer;
      entries += 1;
      if (lists[top] === true && inContainer > limits.listItems) return complex(`has a list of more than ${count(limits.listItems)} items`);
      if (lists[top] === false && inContainer > limits.keysPerObject) {
        return complex(`has an object of more than ${count(limits.keysPerObject)} keys`);
      }
      if (entries > limits.entries) return tooManyEntries();
    } else if (c !== COLON && !isWhitespace(c)) {
      // A number, true, false or null.
      if (!memberBegins()) return tooManyEntries();
    }
  }
  return null;
}

/** A body refused for its shape (or its charset) while it was read, before it was parsed. */
class JsonBodyRefused extends Error {
  constructor(readonly answer: ApiErrorBody) {
    super(answer.message);
  }
}

/** The body's text in the charset it was sent in (body-parser lets through only `utf-…` ones). */
function decoded(bytes: Buffer, encoding: string): string {
  if (encoding === 'utf-8') return bytes.toString('utf8');
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    throw new JsonBodyRefused({ statusCode: 415, message: 'Send the request body as JSON in UTF-8', code: 'unsupported_media_type' });
  }
}

/**
 * The API's JSON body parser (Express's, up to JSON_BODY_LIMIT): it keeps the raw bytes (`req.rawBody`, for the
 * payment webhook's signature) and checks the text's shape before parsing it, so a body past JSON_SHAPE_LIMITS is
 * refused with 400 at the cost of one pass over its text: never parsed into a value of 90,000 keys, never counted
 * against its client, never validated (validation took seconds on such a body, and the event loop with it).
 */
export function jsonBodyParser(): RequestHandler {
  const parse = express.json({
    limit: JSON_BODY_LIMIT,
    verify: (req: IncomingMessage & { rawBody?: Buffer }, _res, bytes: Buffer, encoding: string) => {
      req.rawBody = bytes;
      const problem = jsonShapeProblem(decoded(bytes, encoding));
      if (problem !== null) throw new JsonBodyRefused({ statusCode: 400, message: problem.message, code: problem.code });
    },
  });
  // Named as Express names its own, so that Nest, which adds a JSON parser unless one is there, adds none.
  return function jsonParser(req: Request, res: Response, next: NextFunction): void {
    void parse(req, res, (error?: unknown) => {
      if (!(error instanceof JsonBodyRefused)) {
        next(error);
        return;
      }
      res.status(error.answer.statusCode).json(error.answer);
    });
  };
}
