/**
 * Instruction POST: contract endpoint 7.
 */
import type { InstructionEntry } from '../domain/instructions';
import { faultIs } from '../behaviour';
import { checkBatch, executeInstructions } from '../domain/instructions';
import type { OperationHandler } from '../http';
import { json } from '../http';
import { receiptView } from '../views/receipt';

const postInstructions: OperationHandler = async (req) => {
  const body = req.body as { instructions: InstructionEntry[] };
  // (fault) Checked, then a round trip to the database before the insert: nothing holds the events meanwhile.
  const checkedFirst = faultIs(req.ctx, 'instructions-concurrent-posts-both-execute');
  if (checkedFirst) {
    checkBatch(req.ctx, req.caller.tenant, body.instructions, req.at.today);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The event writes queued behind the answer, made when the next instruction POST arrives.
  const receipt = executeInstructions(req.ctx, req.caller.tenant, body.instructions, req.at, {
    deferWrites: faultIs(req.ctx, 'instructions-written-on-next-post'),
    checked: checkedFirst,
  });
  // The receipt built by the execution path, which drops the RateLimit-* headers set for the request.
  if (faultIs(req.ctx, 'instruction-receipt-without-rate-limit-headers')) req.c.set('rateLimitHeaders', {});
  // The receipt answered as a plain read.
  return json(req.c, receiptView(receipt), faultIs(req.ctx, 'instructions-answer-200') ? 200 : 201);
};

export const instructionHandlers: Record<string, OperationHandler> = { postInstructions };
