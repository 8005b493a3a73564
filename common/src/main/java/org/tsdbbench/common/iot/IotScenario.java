package org.tsdbbench.common.iot;

import java.time.Duration;
import java.util.List;

/**
 * One of report C's five IoT scenarios (spec/iot.md): its data set, and the two settings the
 * report varied with it, TimescaleDB's chunk interval and TDengine's {@code stt_trigger}. Named
 * {@code iot-1} .. {@code iot-5} as {@code --scale} takes them. The report's seed is not published;
 * these use {@link IotSpec#DEFAULT_SEED}.
 */
public record IotScenario(String name, IotSpec spec, Duration timescaleChunkInterval, int tdengineSttTrigger, String description) {

    private static final String START = "2016-01-01T00:00:00Z";
    private static final Duration TEN_SECONDS = Duration.ofSeconds(10);

    /** Report C's scenarios, in its order: 100 trucks for a month .. 10 million trucks for 3 minutes. */
    public static final List<IotScenario> PUBLISHED = List.of(
            of("iot-1", 100, "2016-02-01T00:00:00Z", Duration.ofHours(62), 1, "100 trucks, 1 month"),
            of("iot-2", 4_000, "2016-01-05T00:00:00Z", Duration.ofHours(8), 1, "4,000 trucks, 4 days"),
            of("iot-3", 100_000, "2016-01-01T03:00:00Z", Duration.ofMinutes(15), 8, "100,000 trucks, 3 hours"),
            of("iot-4", 1_000_000, "2016-01-01T00:03:00Z", Duration.ofSeconds(15), 16, "1,000,000 trucks, 3 minutes"),
            of("iot-5", 10_000_000, "2016-01-01T00:03:00Z", Duration.ofSeconds(15), 16, "10,000,000 trucks, 3 minutes"));

    private static IotScenario of(String name, int trucks, String end, Duration chunk, int sttTrigger, String description) {
        return new IotScenario(name, IotSpec.of(trucks, START, end, TEN_SECONDS, IotSpec.DEFAULT_SEED), chunk, sttTrigger, description);
    }

    /** The scenario of a name ({@code iot-1} .. {@code iot-5}); another name is an IllegalArgumentException listing them. */
    public static IotScenario named(String name) {
        for (IotScenario s : PUBLISHED) if (s.name.equals(name)) return s;
        throw new IllegalArgumentException("unknown IoT scenario '" + name + "' (iot-1 .. iot-5)");
    }
}
