import { Injectable, ValidationPipe, type PipeTransform } from '@nestjs/common';
import { SetProductActiveRequestDto, UpdateProductRequestDto } from './product-form.request.dto';

export type ProductUpdateBody = { kind: 'set-active'; body: SetProductActiveRequestDto } | { kind: 'full'; body: UpdateProductRequestDto };

/**
 * `PUT /api/admin/products/{id}` takes either the whole form or only `{ isActive }` (the Include in Shop /
 * Remove from Shop buttons). The body's own keys pick the shape; each is validated like any other DTO.
 */
@Injectable()
export class ProductUpdateBodyPipe implements PipeTransform<unknown, Promise<ProductUpdateBody>> {
  private readonly validation = new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
  });

  async transform(value: unknown): Promise<ProductUpdateBody> {
    const onlyIsActive = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).join() === 'isActive';
    if (onlyIsActive) {
      const body = (await this.validation.transform(value, {
        type: 'body',
        metatype: SetProductActiveRequestDto,
      })) as SetProductActiveRequestDto;
      return { kind: 'set-active', body };
    }
    const body = (await this.validation.transform(value, { type: 'body', metatype: UpdateProductRequestDto })) as UpdateProductRequestDto;
    return { kind: 'full', body };
  }
}
