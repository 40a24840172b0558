import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { StockLevelEntry } from '../domain/stock-levels';
import { StockLevelResponseDto } from './stock-levels.response.dto';
import { StockLevelsReader } from './stock-levels.reader';

@ApiTags('admin: analytics')
@ApiBearerAuth()
@Controller('admin/stock-levels')
export class StockLevelsController {
  constructor(private readonly reader: StockLevelsReader) {}

  @Get()
  @ApiOperation({ summary: 'Stock level cards: every product not archived or deleted, CRITICAL first, then LOW, then OK, by name' })
  @ApiOkResponse({ type: StockLevelResponseDto, isArray: true })
  levels(): Promise<StockLevelEntry[]> {
    return this.reader.levels();
  }
}
