package org.tsdbbench.timescaledb;

/**
 * How a write request reaches TimescaleDB ({@code --option writeMode=}): one multi-row INSERT
 * text; {@code COPY ... FROM STDIN} through the driver's CopyManager (TSBS's loader's way); or a
 * JDBC batch of a prepared INSERT, which the driver rewrites into multi-row INSERTs.
 */
enum WriteMode {
    MULTIROW, COPY, BATCH
}
