import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class ParseStockEmailRequestDto {
  @ApiPropertyOptional({
    description: "The pasted e-mail: first line 'UPDATE STOCK', then one 'product name: count' per line (required)",
    example: 'UPDATE STOCK\nQuokka Pale Ale: 120\nKolsch - 48',
  })
  @IsOptional()
  @IsString({ message: 'Please enter the stock e-mail text' })
  @MaxLength(100_000, { message: 'The stock e-mail is too long (100,000 characters at most)' })
  emailContent?: string | null;
}
