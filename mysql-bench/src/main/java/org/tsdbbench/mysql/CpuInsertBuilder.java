package org.tsdbbench.mysql;

import java.util.function.IntUnaryOperator;
import org.tsdbbench.common.devops.CpuBatch;

/**
 * Builds a DevOps request as one multi-row INSERT, {@code INSERT INTO cpu (ts,tags_id,usage_user,...)
 * VALUES (...),(...)}, into one reused buffer (no object per row): a row is its time in epoch
 * nanoseconds, its host's tags row id and its ten integer fields. One statement means the server's
 * affected-row count is exactly the rows it stored.
 */
public final class CpuInsertBuilder {

    private static final String PREFIX = "INSERT INTO " + CpuSchema.CPU + " (" + CpuSchema.CPU_COLUMNS + ") VALUES ";

    private final StringBuilder sql = new StringBuilder(1 << 16);

    /** The INSERT of the batch's rows (at least one), each referring to {@code tagsId} of its host number. */
    public String build(CpuBatch batch, IntUnaryOperator tagsId) {
        long[] values = batch.values();
        sql.setLength(0);
        sql.append(PREFIX);
        for (int r = 0; r < batch.size(); r++) {
            if (r > 0) sql.append(',');
            sql.append('(').append(batch.timeNs(r)).append(',').append(tagsId.applyAsInt(batch.host(r)));
            int end = (r + 1) * CpuBatch.FIELD_COUNT;
            for (int v = r * CpuBatch.FIELD_COUNT; v < end; v++) sql.append(',').append(values[v]);
            sql.append(')');
        }
        return sql.toString();
    }
}
