import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

export class ParseStockEmailRequestDto {
  @ApiPropertyOptional({
    description: "The pasted e-mail: first line 'UPDATE STOCK', then one 'product name: count' per line (required)",
    example: 'UPDATE STOCK\nQuokka Pale Ale: 120\nKolsch - 48',
  })
  @IsOptional()
  @IsString({ message: 'Please enter the stock e-mail text' })
  emailContent?: string | null;
}
