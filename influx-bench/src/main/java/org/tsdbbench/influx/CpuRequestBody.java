package org.tsdbbench.influx;

import java.nio.charset.StandardCharsets;
import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuLineWriter;
import org.tsdbbench.common.devops.HostTags;
import org.tsdbbench.common.devops.Hosts;

/**
 * Builds one write request of {@code cpu} rows: the lines {@code tsbs_generate_data --use-case=cpu-only
 * --format=influx} writes (as common's {@link CpuLineWriter} does), straight from the batch's columns
 * into a byte buffer the session reuses. A host's {@code cpu,<ten tags> } is encoded once and copied
 * for each of its rows; the ten integer fields and the time in ns are written digit by digit.
 */
public final class CpuRequestBody {

    /** {@code " usage_user="}, {@code "i,usage_system="}, ...: what comes before each field's value. */
    private static final byte[][] BEFORE_FIELD = beforeFields();
    /** The longest a long is in decimal, its sign included. */
    private static final int LONG_DIGITS = 20;

    private final RequestBytes bytes = new RequestBytes();
    /** The hosts whose prefixes {@link #prefixes} holds, by host number less their first. */
    private Hosts hosts;
    private byte[][] prefixes = new byte[0][];
    /** A number's digits, written from the end. */
    private final byte[] digits = new byte[LONG_DIGITS];
    private final byte[] lastTimeDigits = new byte[LONG_DIGITS];
    private long lastTime;
    private int lastTimeLength;

    private static byte[][] beforeFields() {
        byte[][] before = new byte[CpuBatch.FIELD_COUNT][];
        for (int f = 0; f < before.length; f++) {
            before[f] = ((f == 0 ? " " : "i,") + CpuBatch.FIELDS.get(f) + "=").getBytes(StandardCharsets.US_ASCII);
        }
        return before;
    }

    /** Builds a batch's request body into this buffer; its length ({@link #bytes()} holds it until the next build). */
    public int build(CpuBatch batch) {
        if (batch.hosts() != hosts) {
            hosts = batch.hosts();
            prefixes = new byte[hosts.end() - hosts.first()][];
        }
        RequestBytes out = bytes;
        out.clear();
        for (int row = 0; row < batch.size(); row++) {
            byte[] prefix = prefix(batch.host(row));
            out.reserve(prefix.length + CpuBatch.FIELD_COUNT * (LONG_DIGITS + 24) + LONG_DIGITS + 3);
            out.put(prefix);
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) {
                out.put(BEFORE_FIELD[f]);
                putLong(out, batch.value(row, f));
            }
            out.put('i').put(' ');
            putTime(out, batch.timeNs(row));
            out.put('\n');
        }
        return out.length();
    }

    /** The last body built, its first {@link #build} bytes. */
    public byte[] bytes() {
        return bytes.array();
    }

    /** The body as text (UTF-8; ASCII for TSBS's data). */
    public String text() {
        return bytes.text();
    }

    /** {@code cpu,hostname=..,region=..,...,service_environment=..}: the tags as TSBS writes them, in its order. */
    private byte[] prefix(int host) {
        int at = host - hosts.first();
        byte[] prefix = prefixes[at];
        if (prefix == null) {
            StringBuilder key = new StringBuilder(160).append("cpu");
            String[] tags = hosts.tags(host);
            for (int t = 0; t < tags.length; t++) {
                key.append(',').append(HostTags.KEYS.get(t)).append('=').append(tags[t]);
            }
            prefix = key.toString().getBytes(StandardCharsets.UTF_8);
            prefixes[at] = prefix;
        }
        return prefix;
    }

    /** Writes {@code v} in decimal; room for {@link #LONG_DIGITS} bytes is ensured. */
    private void putLong(RequestBytes out, long v) {
        if (v >= 0 && v < 100) {
            // TSBS's usage values are 0..100: one or two digits, no division loop.
            if (v >= 10) out.put((byte) ('0' + v / 10));
            out.put((byte) ('0' + v % 10));
            return;
        }
        int at = digits.length;
        long rest = v;
        do {
            digits[--at] = (byte) ('0' + Math.abs(rest % 10));
            rest /= 10;
        } while (rest != 0);
        if (v < 0) digits[--at] = '-';
        out.put(digits, at, digits.length - at);
    }

    /** Writes a row's time: the rows of a batch share a few times, so the last one's digits are kept. */
    private void putTime(RequestBytes out, long ns) {
        if (ns != lastTime || lastTimeLength == 0) {
            int from = out.length();
            putLong(out, ns);
            lastTimeLength = out.length() - from;
            System.arraycopy(out.array(), from, lastTimeDigits, 0, lastTimeLength);
            lastTime = ns;
            return;
        }
        out.put(lastTimeDigits, 0, lastTimeLength);
    }
}
