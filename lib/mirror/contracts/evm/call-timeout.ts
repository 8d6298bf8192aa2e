/** The call ran past its wall-clock budget. */
export class CallTimeout extends Error {
  constructor() {
    super("EVM call exceeded its time budget");
    this.name = "CallTimeout";
  }
}
