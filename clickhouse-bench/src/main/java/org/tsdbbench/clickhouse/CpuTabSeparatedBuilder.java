package org.tsdbbench.clickhouse;

import java.util.Arrays;
import org.tsdbbench.common.data.TextFormat;
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

    private byte[] buf = new byte[1 << 16];
    private int len;

    /** The batch's cpu rows; {@link #array()} and {@link #length()} hold them until the next build. */
    public CpuTabSeparatedBuilder rows(CpuBatch batch) {
        len = 0;
        long[] values = batch.values();
        for (int r = 0; r < batch.size(); r++) {
            ensure(CPU_ROW_MAX);
            len = TextFormat.appendLong(buf, len, batch.timeNs(r));
            buf[len++] = '\t';
            len = TextFormat.appendLong(buf, len, DevopsLayout.tagsId(batch.host(r)));
            int first = r * CpuBatch.FIELD_COUNT;
            for (int f = first; f < first + CpuBatch.FIELD_COUNT; f++) {
                buf[len++] = '\t';
                len = TextFormat.appendLong(buf, len, values[f]);
            }
            buf[len++] = '\n';
        }
        return this;
    }

    /** The tags rows of the first {@code count} of {@code hostNumbers}: the id, then the tags in KEYS order. */
    public CpuTabSeparatedBuilder tags(Hosts hosts, int[] hostNumbers, int count) {
        len = 0;
        for (int i = 0; i < count; i++) {
            ensure(21);
            len = TextFormat.appendLong(buf, len, DevopsLayout.tagsId(hostNumbers[i]));
            for (String tag : hosts.tags(hostNumbers[i])) {
                byte[] text = IotTabSeparatedBuilder.escaped(tag);
                ensure(text.length + 2);
                buf[len++] = '\t';
                System.arraycopy(text, 0, buf, len, text.length);
                len += text.length;
            }
            buf[len++] = '\n';
        }
        return this;
    }

    public byte[] array() {
        return buf;
    }

    public int length() {
        return len;
    }

    /** The body as bytes of its own. */
    public byte[] copy() {
        return Arrays.copyOf(buf, len);
    }

    private void ensure(int n) {
        if (len + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
    }
}
