import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './platform/persistence/persistence.tokens';
import { PlatformModule } from './platform/platform.module';
import { SystemModule } from './modules/system/system.module';

/** The business capabilities, in the order their dependencies need. */
export const BUSINESS_MODULES: Type[] = [SystemModule];

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [PlatformModule, ...BUSINESS_MODULES],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
