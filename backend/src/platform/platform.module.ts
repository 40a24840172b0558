import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CommandPipeline } from './event-sourcing/command-pipeline';
import { HttpEdge } from './http/http-edge';
import { PersistenceModule } from './persistence/persistence.module';
import { CLOCK, type Clock } from './clock';
import { ProjectionLag } from './projections/projection-lag';
import { ProjectionRegistry } from './projections/projection-registry';
import { ProjectionRunner } from './projections/projection-runner';

const systemClock: Clock = { now: () => new Date() };

/** The event-sourcing runtime every business module uses: stores, write pipeline, projections, clock, and the HTTP edge they register with. */
@Global()
@Module({})
export class PlatformModule {
  static register(clock: Clock = systemClock): DynamicModule {
    return {
      module: PlatformModule,
      imports: [PersistenceModule, CqrsModule.forRoot()],
      providers: [CommandPipeline, HttpEdge, ProjectionRegistry, ProjectionRunner, ProjectionLag, { provide: CLOCK, useValue: clock }],
      exports: [PersistenceModule, CqrsModule, CommandPipeline, HttpEdge, ProjectionRegistry, ProjectionRunner, ProjectionLag, CLOCK],
    };
  }
}
