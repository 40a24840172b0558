import { Command } from '@nestjs/cqrs';
import type { CommandContext, ProductWriteResult } from '../product-streams';

/** Include in Shop / Remove from Shop. */
export class SetProductActiveCommand extends Command<ProductWriteResult> {
  constructor(
    readonly productId: string,
    readonly isActive: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}
