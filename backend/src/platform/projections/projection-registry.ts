import { Injectable } from '@nestjs/common';
import type { ProcessManager, Projection } from './projection';

/** Modules register their projections and process managers here in `onModuleInit`; the runner starts them once the app is up. */
@Injectable()
export class ProjectionRegistry {
  private readonly projectionList: Projection[] = [];
  private readonly processManagerList: ProcessManager[] = [];

  registerProjection(projection: Projection): void {
    if (this.projectionList.some((p) => p.name === projection.name)) throw new Error(`Projection ${projection.name} registered twice`);
    this.projectionList.push(projection);
  }

  registerProcessManager(manager: ProcessManager): void {
    if (this.processManagerList.some((p) => p.name === manager.name)) throw new Error(`Process manager ${manager.name} registered twice`);
    this.processManagerList.push(manager);
  }

  get projections(): readonly Projection[] {
    return this.projectionList;
  }

  get processManagers(): readonly ProcessManager[] {
    return this.processManagerList;
  }
}
