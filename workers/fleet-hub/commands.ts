/**
 * Which vehicles have commands waiting in the business database (lock, unlock, OTA upgrade), kept under the storage
 * key "commands": a terminal's next report is answered with `commands: true`, so an HTTP-only terminal needs no
 * second channel.
 */
export class PendingCommands {
  private vehicles = new Set<number>();

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Reads the set (when the object starts). */
  async load(): Promise<void> {
    this.vehicles = new Set((await this.storage.get<number[]>("commands")) ?? []);
  }

  has(vehicleId: number): boolean {
    return this.vehicles.has(vehicleId);
  }

  /** Machines with commands just stored: one write however many (an upgrade task queues hundreds at once). */
  async queued(vehicleIds: readonly number[]): Promise<void> {
    const before = this.vehicles.size;
    for (const id of vehicleIds) this.vehicles.add(id);
    if (this.vehicles.size !== before) await this.storage.put("commands", [...this.vehicles]);
  }

  async delivered(vehicleId: number): Promise<void> {
    if (!this.vehicles.delete(vehicleId)) return;
    await this.storage.put("commands", [...this.vehicles]);
  }
}
