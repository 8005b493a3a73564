package org.tsdbbench.clickhouse;

import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.Hosts;

/**
 * Builds the TabSeparated body of one DevOps INSERT ({@link DevopsLayout}) straight into one reused
 * byte buffer, no object per row: {@code cpu} rows as {@code time} (ns), {@code tags_id} and the ten
 * fields, all digits; or {@code tags} rows of new hosts as the id and the ten tags, escaped.
 */
public final class CpuTabSeparatedBuilder {

    /** The most bytes of a cpu row: 11 numbers of up to 20 characters, each ended by a tab or newline. */
    private static final int CPU_ROW_MAX = (2 + CpuBatch.FIELD_COUNT) * 21;

    private final RequestBytes bytes = new RequestBytes();

    /** The batch's cpu rows; {@link #array()} and {@link #length()} hold them until the next build. */
    public CpuTabSeparatedBuilder rows(CpuBatch batch) {
        RequestBytes out = bytes;
        out.clear();
        long[] values = batch.values();
        for (int r = 0; r < batch.size(); r++) {
            out.reserve(CPU_ROW_MAX);
            out.number(batch.timeNs(r)).put('\t').number(DevopsLayout.tagsId(batch.host(r)));
            int first = r * CpuBatch.FIELD_COUNT;
            for (int f = first; f < first + CpuBatch.FIELD_COUNT; f++) out.put('\t').number(values[f]);
            out.put('\n');
        }
        return this;
    }

    /** The tags rows of the first {@code count} of {@code hostNumbers}: the id, then the tags in KEYS order. */
    public CpuTabSeparatedBuilder tags(Hosts hosts, int[] hostNumbers, int count) {
        bytes.clear();
        for (int i = 0; i < count; i++) {
            bytes.reserve(21);
            bytes.number(DevopsLayout.tagsId(hostNumbers[i]));
            for (String tag : hosts.tags(hostNumbers[i])) {
                byte[] text = IotTabSeparatedBuilder.escaped(tag);
                bytes.reserve(text.length + 2);
                bytes.put('\t').put(text);
            }
            bytes.put('\n');
        }
        return this;
    }

    public byte[] array() {
        return bytes.array();
    }

    public int length() {
        return bytes.length();
    }

    /** The body as bytes of its own. */
    public byte[] copy() {
        return bytes.copy();
    }
}
