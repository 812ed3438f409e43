/**
 * Instruction POST: contract endpoint 7.
 */
import type { InstructionEntry } from '../domain/instructions';
import { executeInstructions } from '../domain/instructions';
import type { OperationHandler } from '../http';
import { json } from '../http';
import { receiptView } from '../views';

const postInstructions: OperationHandler = (req) => {
  const body = req.body as { instructions: InstructionEntry[] };
  const receipt = executeInstructions(req.ctx, req.caller.tenant, body.instructions, req.at);
  return json(req.c, receiptView(receipt), 201);
};

export const instructionHandlers: Record<string, OperationHandler> = { postInstructions };
